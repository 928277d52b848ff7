// An image that is a private file (a qualification licence): fetched with the user's token as the POST download of
// SPEC §7 and shown from memory, since an <img> cannot send the bearer header.
import { Image, type ImageProps } from '@chakra-ui/react'
import { useEffect, useState } from 'react'
import { request } from '../api/request.ts'

export function PrivateImage({ path, ...props }: { path: string } & Omit<ImageProps, 'src'>) {
  const [src, setSrc] = useState<string>()
  useEffect(() => {
    let href: string | undefined
    let live = true
    request<Blob>(path, { method: 'POST', responseType: 'blob', quiet: true })
      .then((blob) => {
        if (!live) return
        href = URL.createObjectURL(blob)
        setSrc(href)
      })
      .catch(() => setSrc(undefined))
    return () => {
      live = false
      if (href) URL.revokeObjectURL(href)
    }
  }, [path])
  return src ? <Image src={src} {...props} /> : null
}
