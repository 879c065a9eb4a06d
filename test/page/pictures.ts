// Pictures drawn for the attachment tests: real encoded images of a known pixel size.

/** A `width`×`height` picture (a gradient, so it does not compress to nothing) as `type`. */
export async function picture(width: number, height: number, type = 'image/jpeg'): Promise<Blob> {
  const canvas = new OffscreenCanvas(width, height);
  const g = canvas.getContext('2d')!;
  const gradient = g.createLinearGradient(0, 0, width, height);
  gradient.addColorStop(0, '#135');
  gradient.addColorStop(1, '#fc6');
  g.fillStyle = gradient;
  g.fillRect(0, 0, width, height);
  return canvas.convertToBlob({ type, quality: 0.8 });
}
