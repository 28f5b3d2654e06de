//! STL reading, binary and ASCII, into a triangle soup scaled to metres.

use crate::{try_with_capacity, Buffer, GeomError, GeomResult, Output};

const BINARY_HEADER: usize = 84;
const BINARY_RECORD: usize = 50;

/// Output: buffer 0 = positions (9 floats per triangle); scalars = [triangle count, 1 if ASCII].
pub fn parse(bytes: &[u8], scale: f64, max_triangles: usize) -> GeomResult<Output> {
    if !(scale.is_finite() && scale > 0.0) {
        return Err(GeomError::invalid("STL unit scale must be a positive number"));
    }
    let (positions, ascii) = if is_binary(bytes) {
        (parse_binary(bytes, scale as f32, max_triangles)?, false)
    } else if starts_with_solid(bytes) {
        (parse_ascii(bytes, scale, max_triangles)?, true)
    } else if bytes.len() < BINARY_HEADER {
        return Err(GeomError::invalid(format!("not an STL file: {} bytes is shorter than a binary STL header", bytes.len())));
    } else {
        let declared = u32::from_le_bytes([bytes[80], bytes[81], bytes[82], bytes[83]]) as u64;
        return Err(GeomError::invalid(format!(
            "not an STL file: binary header declares {} triangles ({} bytes) but the file has {} bytes, and it does not start with 'solid'",
            declared,
            BINARY_HEADER as u64 + declared * BINARY_RECORD as u64,
            bytes.len()
        )));
    };
    let triangles = positions.len() / 9;
    Ok(Output { buffers: vec![Buffer::F32(positions)], scalars: vec![triangles as f64, ascii as u32 as f64] })
}

/// A binary STL's size is fully determined by its triangle count; ASCII files that happen to match
/// that size exactly are vanishingly unlikely, while binary headers often start with "solid".
fn is_binary(bytes: &[u8]) -> bool {
    if bytes.len() < BINARY_HEADER {
        return false;
    }
    let n = u32::from_le_bytes([bytes[80], bytes[81], bytes[82], bytes[83]]) as u64;
    let expected = BINARY_HEADER as u64 + n * BINARY_RECORD as u64;
    if expected == bytes.len() as u64 {
        return true;
    }
    // Some exporters pad binary files; accept trailing bytes when the text reading would fail.
    expected < bytes.len() as u64 && !starts_with_solid(bytes)
}

fn starts_with_solid(bytes: &[u8]) -> bool {
    let start = bytes.iter().position(|b| !b.is_ascii_whitespace()).unwrap_or(bytes.len());
    bytes.len() >= start + 5 && bytes[start..start + 5].eq_ignore_ascii_case(b"solid")
}

fn parse_binary(bytes: &[u8], scale: f32, max_triangles: usize) -> GeomResult<Vec<f32>> {
    let n = u32::from_le_bytes([bytes[80], bytes[81], bytes[82], bytes[83]]) as usize;
    if n == 0 {
        return Err(GeomError::invalid("the STL contains no triangles"));
    }
    if n > max_triangles {
        return Err(GeomError::limit(format!("the STL has {} triangles, more than the limit of {}", n, max_triangles)));
    }
    let mut out = try_with_capacity::<f32>(n * 9)?;
    for t in 0..n {
        let rec = &bytes[BINARY_HEADER + t * BINARY_RECORD..];
        // Skip the stored normal (12 bytes): it is recomputed from the vertices where needed.
        for k in 0..9 {
            let o = 12 + 4 * k;
            let v = f32::from_le_bytes([rec[o], rec[o + 1], rec[o + 2], rec[o + 3]]);
            if !v.is_finite() {
                return Err(GeomError::invalid(format!("binary STL triangle {} has a non-finite coordinate", t)));
            }
            out.push(v * scale);
        }
    }
    Ok(out)
}

fn parse_ascii(bytes: &[u8], scale: f64, max_triangles: usize) -> GeomResult<Vec<f32>> {
    let mut out: Vec<f32> = Vec::new();
    let mut tokens = Tokens { bytes, pos: 0, line: 1 };
    let mut in_facet = false;
    let mut facet_vertices = 0usize;
    let mut facets = 0usize;
    while let Some(tok) = tokens.next() {
        if tok.eq_ignore_ascii_case(b"facet") {
            if in_facet {
                return Err(GeomError::invalid(format!("ASCII STL line {}: 'facet' inside a facet", tokens.line)));
            }
            in_facet = true;
            facet_vertices = 0;
        } else if tok.eq_ignore_ascii_case(b"vertex") {
            if !in_facet {
                return Err(GeomError::invalid(format!("ASCII STL line {}: 'vertex' outside a facet", tokens.line)));
            }
            if facet_vertices == 3 {
                return Err(GeomError::invalid(format!("ASCII STL line {}: facet {} has more than 3 vertices", tokens.line, facets)));
            }
            for _ in 0..3 {
                let line = tokens.line;
                let t = tokens.next().ok_or_else(|| GeomError::invalid(format!("ASCII STL line {}: file ends inside a vertex", line)))?;
                let v = parse_number(t).ok_or_else(|| {
                    GeomError::invalid(format!("ASCII STL line {}: '{}' is not a number", line, String::from_utf8_lossy(&t[..t.len().min(32)])))
                })?;
                out.push((v * scale) as f32);
            }
            facet_vertices += 1;
        } else if tok.eq_ignore_ascii_case(b"endfacet") {
            if !in_facet || facet_vertices != 3 {
                return Err(GeomError::invalid(format!("ASCII STL line {}: facet {} has {} vertices instead of 3", tokens.line, facets, facet_vertices)));
            }
            in_facet = false;
            facets += 1;
            if facets > max_triangles {
                return Err(GeomError::limit(format!("the STL has more than {} triangles, the limit", max_triangles)));
            }
        }
        // Other keywords (solid, outer, loop, endloop, endsolid, normal and its numbers, names) carry no geometry.
    }
    if in_facet {
        return Err(GeomError::invalid("ASCII STL ends inside a facet"));
    }
    if facets == 0 {
        return Err(GeomError::invalid("the STL contains no triangles"));
    }
    Ok(out)
}

fn parse_number(t: &[u8]) -> Option<f64> {
    let s = std::str::from_utf8(t).ok()?;
    let v: f64 = s.parse().ok()?;
    if v.is_finite() {
        Some(v)
    } else {
        None
    }
}

struct Tokens<'a> {
    bytes: &'a [u8],
    pos: usize,
    line: usize,
}

impl<'a> Tokens<'a> {
    fn next(&mut self) -> Option<&'a [u8]> {
        let b = self.bytes;
        while self.pos < b.len() && b[self.pos].is_ascii_whitespace() {
            if b[self.pos] == b'\n' {
                self.line += 1;
            }
            self.pos += 1;
        }
        if self.pos >= b.len() {
            return None;
        }
        let start = self.pos;
        while self.pos < b.len() && !b[self.pos].is_ascii_whitespace() {
            self.pos += 1;
        }
        Some(&b[start..self.pos])
    }
}
