// The smallest valid PNG (signature, IHDR 1×1, IDAT, IEND): the image the upload suites send as a licence or photo.
export const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f4b0a90000000049454e44ae426082',
  'hex',
)
