import { describe, expect, it } from 'vitest';
import { meshDefinitionTriangles, shapeTriangles, signedVolume, surfaceArea } from '../../../src/domain/meshGeometry.ts';
import { defaultCubeMesh, defaultCylinderMesh, defaultSphereMesh, defaultCircleMesh, defaultRectangleMesh } from '../../../src/domain/mesh.ts';
import { cubeShape } from '../../../src/domain/shape.ts';
import { rotationMatrixFromEulerDeg, mat3MulVec3, transformPoint } from '../../../src/domain/vector.ts';

describe('parametric meshes', () => {
  it('a cube shape is closed with outward normals and the right volume', () => {
    const mesh = shapeTriangles(cubeShape([1, 2, 3], [5, 0, 0]));
    expect(mesh).not.toBeNull();
    expect(signedVolume(mesh!)).toBeCloseTo(6, 10);
    expect(surfaceArea(mesh!)).toBeCloseTo(22, 10);
    expect(Math.min(...mesh!.vertices.filter((_, i) => i % 3 === 0))).toBeCloseTo(4.5, 12);
  });

  it('flipping normals or mirroring reverses the winding', () => {
    expect(signedVolume(shapeTriangles({ ...cubeShape(), flipNormals: true })!)).toBeCloseTo(-1, 10);
    expect(signedVolume(shapeTriangles({ ...cubeShape(), scale: [-1, 1, 1] })!)).toBeCloseTo(1, 10);
  });

  it('cylinder and sphere are closed and outward', () => {
    const cyl = meshDefinitionTriangles({ ...defaultCylinderMesh(), axis: [1, 0, 0] })!;
    const exact = Math.PI * 0.25 * 2;
    expect(signedVolume(cyl)).toBeGreaterThan(exact * 0.99);
    expect(signedVolume(cyl)).toBeLessThan(exact);
    const xs = cyl.vertices.filter((_, i) => i % 3 === 0);
    expect(Math.max(...xs)).toBeCloseTo(1, 12);
    const sph = meshDefinitionTriangles(defaultSphereMesh())!;
    expect(signedVolume(sph)).toBeGreaterThan(0.95 * (4 / 3) * Math.PI * 0.125);
    expect(signedVolume(sph)).toBeLessThan((4 / 3) * Math.PI * 0.125);
  });

  it('disk and rectangle areas; cube mesh kind', () => {
    expect(surfaceArea(meshDefinitionTriangles(defaultCircleMesh())!)).toBeCloseTo(Math.PI * 0.25, 2);
    expect(surfaceArea(meshDefinitionTriangles({ ...defaultRectangleMesh(), width: 2, height: 3, angle: 30, normal: [0, 1, 1] })!)).toBeCloseTo(6, 10);
    expect(signedVolume(meshDefinitionTriangles(defaultCubeMesh())!)).toBeCloseTo(1, 10);
  });

  it('Euler XYZ rotation in degrees: 90° about z maps x onto y', () => {
    const p = mat3MulVec3(rotationMatrixFromEulerDeg([0, 0, 90]), [1, 0, 0]);
    expect(p[0]).toBeCloseTo(0, 12);
    expect(p[1]).toBeCloseTo(1, 12);
    const q = transformPoint({ translation: [1, 0, 0], rotation: [90, 0, 0], scale: [2, 2, 2] }, [0, 1, 0]);
    expect(q[0]).toBeCloseTo(1, 12);
    expect(q[2]).toBeCloseTo(2, 12);
  });
});
