// A QR code drawn as SVG modules from the encoded matrix (uqr), for scanning with an authenticator app.
import { useMemo } from 'react';
import { encode } from 'uqr';

export function QrCode({ value, size = 184, label }: { value: string; size?: number; label: string }) {
  const matrix = useMemo(() => encode(value, { ecc: 'M', border: 2 }).data, [value]);
  const count = matrix.length;
  const path = useMemo(() => {
    let d = '';
    matrix.forEach((row, y) => {
      row.forEach((dark, x) => {
        if (dark) d += `M${x} ${y}h1v1h-1z`;
      });
    });
    return d;
  }, [matrix]);
  return (
    <svg width={size} height={size} viewBox={`0 0 ${count} ${count}`} role="img" aria-label={label} shapeRendering="crispEdges" data-testid="qr-code">
      <rect width={count} height={count} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
