/**
 * Downscales an image so its longer side is at most `longEdge` pixels, with
 * `createImageBitmap` (decode and high-quality resize) and an
 * `OffscreenCanvas` (encode) — both work in a worker, so the page's thread
 * never decodes or encodes a photo.
 *
 * What comes out is PNG or JPEG, which every server family decodes
 * (llama.cpp's stb_image reads neither WebP nor AVIF): a JPEG stays JPEG
 * (quality 0.9), anything else becomes PNG. An image already within the edge
 * in one of those two types is passed on untouched, bytes and all, so
 * preparing a prepared attachment again costs one decode.
 */

/** What downscaling made: the bytes to send, their type and size, and the original's size. */
export interface DownscaledImage {
  blob: Blob;
  type: 'image/png' | 'image/jpeg';
  width: number;
  height: number;
  originalWidth: number;
  originalHeight: number;
}

/** Decodes `blob` and returns it fitted within `longEdge`; rejects when the browser cannot decode it. */
export async function downscaleImage(blob: Blob, type: string, longEdge: number): Promise<DownscaledImage> {
  const bitmap = await createImageBitmap(blob);
  try {
    const { width, height } = bitmap;
    const scale = Math.min(1, longEdge / Math.max(width, height));
    const out = type === 'image/jpeg' ? 'image/jpeg' : 'image/png';
    if (scale === 1 && type === out) return { blob, type: out, width, height, originalWidth: width, originalHeight: height };
    const w = Math.max(1, Math.round(width * scale));
    const h = Math.max(1, Math.round(height * scale));
    const resized = scale === 1 ? bitmap : await createImageBitmap(bitmap, { resizeWidth: w, resizeHeight: h, resizeQuality: 'high' });
    try {
      const canvas = new OffscreenCanvas(w, h);
      const context = canvas.getContext('2d');
      if (!context) throw new Error('No 2D context for an OffscreenCanvas here.');
      context.drawImage(resized, 0, 0);
      const encoded = await canvas.convertToBlob(out === 'image/jpeg' ? { type: out, quality: 0.9 } : { type: out });
      return { blob: encoded, type: out, width: w, height: h, originalWidth: width, originalHeight: height };
    } finally {
      if (resized !== bitmap) resized.close();
    }
  } finally {
    bitmap.close();
  }
}
