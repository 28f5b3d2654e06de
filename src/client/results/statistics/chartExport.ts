// Downloads of the statistics panel (spec 2 §2): chart and table data as semicolon-separated CSV, and a
// chart as a PNG on a white background, rasterised from its SVG by the browser's image decoder.

/** Saves a file under `name` through a temporary link. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function saveCsv(csv: string, name: string): void {
  saveFile(new Blob([csv], { type: 'text/csv;charset=utf-8' }), name);
}

/** Device pixels per SVG unit of the PNG: sharp on high-density screens and in reports. */
const PNG_SCALE = 2;

/** The chart's SVG as a PNG: white first, so that transparent parts come out white. */
export async function chartPng(svg: SVGSVGElement): Promise<Blob> {
  const width = svg.width.baseVal.value;
  const height = svg.height.baseVal.value;
  const markup = new XMLSerializer().serializeToString(svg);
  const url = URL.createObjectURL(new Blob([markup], { type: 'image/svg+xml;charset=utf-8' }));
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(width * PNG_SCALE);
    canvas.height = Math.round(height * PNG_SCALE);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('The browser gave no 2D canvas to draw the chart into.');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    return await new Promise<Blob>((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The chart could not be encoded as PNG.'))), 'image/png'));
  } finally {
    URL.revokeObjectURL(url);
  }
}
