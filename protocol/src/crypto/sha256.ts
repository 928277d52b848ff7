// SHA-256 (FIPS 180-4) and HMAC-SHA256 (RFC 2104) in plain, synchronous TypeScript: runs the same in Node and the browser.

const K = Uint32Array.from([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
])

const INITIAL = [
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
]

const rotr = (x: number, n: number): number => (x >>> n) | (x << (32 - n))

function compress(state: Uint32Array, block: Uint8Array, offset: number, w: Uint32Array): void {
  for (let i = 0; i < 16; i++) {
    const j = offset + i * 4
    w[i] = (block[j]! << 24) | (block[j + 1]! << 16) | (block[j + 2]! << 8) | block[j + 3]!
  }
  for (let i = 16; i < 64; i++) {
    const a = w[i - 15]!
    const b = w[i - 2]!
    const s0 = rotr(a, 7) ^ rotr(a, 18) ^ (a >>> 3)
    const s1 = rotr(b, 17) ^ rotr(b, 19) ^ (b >>> 10)
    w[i] = (w[i - 16]! + s0 + w[i - 7]! + s1) | 0
  }
  let [a, b, c, d, e, f, g, h] = state as unknown as number[]
  for (let i = 0; i < 64; i++) {
    const s1 = rotr(e!, 6) ^ rotr(e!, 11) ^ rotr(e!, 25)
    const ch = (e! & f!) ^ (~e! & g!)
    const t1 = (h! + s1 + ch + K[i]! + w[i]!) | 0
    const s0 = rotr(a!, 2) ^ rotr(a!, 13) ^ rotr(a!, 22)
    const maj = (a! & b!) ^ (a! & c!) ^ (b! & c!)
    const t2 = (s0 + maj) | 0
    h = g
    g = f
    f = e
    e = (d! + t1) | 0
    d = c
    c = b
    b = a
    a = (t1 + t2) | 0
  }
  state[0] = (state[0]! + a!) | 0
  state[1] = (state[1]! + b!) | 0
  state[2] = (state[2]! + c!) | 0
  state[3] = (state[3]! + d!) | 0
  state[4] = (state[4]! + e!) | 0
  state[5] = (state[5]! + f!) | 0
  state[6] = (state[6]! + g!) | 0
  state[7] = (state[7]! + h!) | 0
}

/** The 32-byte SHA-256 digest of `data`. */
export function sha256(data: Uint8Array): Uint8Array {
  const state = Uint32Array.from(INITIAL)
  const w = new Uint32Array(64)
  const fullBlocks = Math.floor(data.length / 64)
  for (let i = 0; i < fullBlocks; i++) compress(state, data, i * 64, w)
  const tailLength = data.length - fullBlocks * 64
  const tail = new Uint8Array(tailLength < 56 ? 64 : 128)
  tail.set(data.subarray(fullBlocks * 64))
  tail[tailLength] = 0x80
  const bits = data.length * 8
  const end = tail.length
  tail[end - 5] = Math.floor(bits / 0x100000000) & 0xff
  tail[end - 4] = (bits >>> 24) & 0xff
  tail[end - 3] = (bits >>> 16) & 0xff
  tail[end - 2] = (bits >>> 8) & 0xff
  tail[end - 1] = bits & 0xff
  tail[end - 6] = Math.floor(bits / 0x10000000000) & 0xff
  for (let i = 0; i < tail.length; i += 64) compress(state, tail, i, w)
  const out = new Uint8Array(32)
  for (let i = 0; i < 8; i++) {
    const v = state[i]!
    out[i * 4] = v >>> 24
    out[i * 4 + 1] = (v >>> 16) & 0xff
    out[i * 4 + 2] = (v >>> 8) & 0xff
    out[i * 4 + 3] = v & 0xff
  }
  return out
}

/** HMAC-SHA256 of `message` under `key` (any length; keys over 64 bytes are hashed first). */
export function hmacSha256(key: Uint8Array, message: Uint8Array): Uint8Array {
  const block = new Uint8Array(64)
  block.set(key.length > 64 ? sha256(key) : key)
  const inner = new Uint8Array(64 + message.length)
  const outer = new Uint8Array(64 + 32)
  for (let i = 0; i < 64; i++) {
    inner[i] = block[i]! ^ 0x36
    outer[i] = block[i]! ^ 0x5c
  }
  inner.set(message, 64)
  outer.set(sha256(inner), 64)
  return sha256(outer)
}
