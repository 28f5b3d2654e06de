// Baseline page of the lab (?mode=baseline): the plain three.js Points rendering used for comparison.
import { useEffect, useRef } from 'react';
import { generateParticlesInWorker } from './generateParticles.ts';
import { startBaseline } from './baselinePoints.ts';
import type { LabParams } from './labParams.ts';

export function BaselineApp({ params }: { params: LabParams }) {
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  useEffect(() => {
    let cancelled = false;
    void generateParticlesInWorker(params.count).then((data) => {
      if (!cancelled && canvasRef.current) startBaseline(canvasRef.current, data);
    });
    return () => {
      cancelled = true;
    };
  }, [params.count]);
  return <canvas ref={canvasRef} data-testid="baseline-canvas" style={{ width: '100%', height: '100%', display: 'block' }} />;
}
