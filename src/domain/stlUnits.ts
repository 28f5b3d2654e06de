// Length units an STL may be uploaded in, apart from the shape schemas (shape.ts) so that the engine's
// geometry module, which scales what it reads, loads no zod.

/** Length units an STL may be uploaded in, with the factor that converts to metres. */
export const stlUnitFactors = { m: 1, mm: 0.001, in: 0.0254 } as const;
export type StlUnit = keyof typeof stlUnitFactors;
