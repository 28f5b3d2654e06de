//! Surge geometry kernels compiled to wasm32 behind a C ABI: the host allocates input buffers in
//! linear memory, calls a kernel, reads the typed buffers of the returned `Output` and frees it.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::RefCell;
use std::sync::atomic::{AtomicBool, Ordering};

pub mod health;
pub mod inside;
pub mod iso;
pub mod marching;
pub mod reduce;
pub mod stl;
pub mod weld;

/// Forwards to the system allocator and remembers when it ran out of memory, so that the host can
/// tell an allocation failure (which aborts the instance) from any other trap.
struct TrackingAllocator;

static OUT_OF_MEMORY: AtomicBool = AtomicBool::new(false);

unsafe impl GlobalAlloc for TrackingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = System.alloc(layout);
        if p.is_null() {
            OUT_OF_MEMORY.store(true, Ordering::Relaxed);
        }
        p
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let p = System.alloc_zeroed(layout);
        if p.is_null() {
            OUT_OF_MEMORY.store(true, Ordering::Relaxed);
        }
        p
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout)
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = System.realloc(ptr, layout, new_size);
        if p.is_null() {
            OUT_OF_MEMORY.store(true, Ordering::Relaxed);
        }
        p
    }
}

#[global_allocator]
static GLOBAL: TrackingAllocator = TrackingAllocator;

/// Error kinds shared with the TypeScript loader (`GeometryErrorCode`).
pub const ERR_INVALID_INPUT: u32 = 1;
pub const ERR_OUT_OF_MEMORY: u32 = 2;
pub const ERR_LIMIT_EXCEEDED: u32 = 3;
pub const ERR_INTERNAL: u32 = 4;

#[derive(Debug)]
pub struct GeomError {
    pub code: u32,
    pub message: String,
}

impl GeomError {
    pub fn invalid(message: impl Into<String>) -> Self {
        GeomError { code: ERR_INVALID_INPUT, message: message.into() }
    }
    pub fn limit(message: impl Into<String>) -> Self {
        GeomError { code: ERR_LIMIT_EXCEEDED, message: message.into() }
    }
    pub fn out_of_memory(message: impl Into<String>) -> Self {
        GeomError { code: ERR_OUT_OF_MEMORY, message: message.into() }
    }
}

pub type GeomResult<T> = Result<T, GeomError>;

/// Reserves `n` more elements or reports an out-of-memory error instead of aborting; used for the
/// few allocations whose size comes straight from the input.
pub fn try_vec<T: Clone>(n: usize, value: T) -> GeomResult<Vec<T>> {
    let mut v: Vec<T> = Vec::new();
    v.try_reserve_exact(n).map_err(|_| {
        GeomError::out_of_memory(format!(
            "out of memory: could not allocate {} MB",
            (n as u64 * std::mem::size_of::<T>() as u64) / (1 << 20)
        ))
    })?;
    v.resize(n, value);
    Ok(v)
}

pub fn try_with_capacity<T>(n: usize) -> GeomResult<Vec<T>> {
    let mut v: Vec<T> = Vec::new();
    v.try_reserve_exact(n).map_err(|_| {
        GeomError::out_of_memory(format!(
            "out of memory: could not allocate {} MB",
            (n as u64 * std::mem::size_of::<T>() as u64) / (1 << 20)
        ))
    })?;
    Ok(v)
}

/// One typed array handed back to the host.
pub enum Buffer {
    F32(Vec<f32>),
    U32(Vec<u32>),
    U8(Vec<u8>),
}

impl Buffer {
    fn ptr(&self) -> *const u8 {
        match self {
            Buffer::F32(v) => v.as_ptr() as *const u8,
            Buffer::U32(v) => v.as_ptr() as *const u8,
            Buffer::U8(v) => v.as_ptr(),
        }
    }
    fn len(&self) -> usize {
        match self {
            Buffer::F32(v) => v.len(),
            Buffer::U32(v) => v.len(),
            Buffer::U8(v) => v.len(),
        }
    }
}

/// A kernel's result: typed arrays plus scalar figures, read by index on the host side.
#[derive(Default)]
pub struct Output {
    pub buffers: Vec<Buffer>,
    pub scalars: Vec<f64>,
}

thread_local! {
    static LAST_ERROR: RefCell<(u32, String)> = RefCell::new((0, String::new()));
}

fn set_error(code: u32, message: String) {
    LAST_ERROR.with(|e| *e.borrow_mut() = (code, message));
}

fn finish(result: GeomResult<Output>) -> *mut Output {
    match result {
        Ok(out) => Box::into_raw(Box::new(out)),
        Err(e) => {
            set_error(e.code, e.message);
            std::ptr::null_mut()
        }
    }
}

/// Builds a slice over host-provided memory; a null pointer is only accepted for an empty slice.
unsafe fn slice<'a, T>(ptr: *const T, len: usize) -> GeomResult<&'a [T]> {
    if len == 0 {
        return Ok(&[]);
    }
    if ptr.is_null() {
        return Err(GeomError::invalid("null input buffer"));
    }
    Ok(std::slice::from_raw_parts(ptr, len))
}

#[no_mangle]
pub extern "C" fn sg_init() {
    std::panic::set_hook(Box::new(|info| {
        set_error(ERR_INTERNAL, format!("internal error: {}", info));
    }));
    marching::table();
}

#[no_mangle]
pub extern "C" fn sg_alloc(bytes: usize) -> *mut u8 {
    if bytes == 0 {
        return 8 as *mut u8;
    }
    match Layout::from_size_align(bytes, 8) {
        Ok(layout) => unsafe { std::alloc::alloc(layout) },
        Err(_) => std::ptr::null_mut(),
    }
}

#[no_mangle]
pub extern "C" fn sg_free(ptr: *mut u8, bytes: usize) {
    if bytes == 0 || ptr.is_null() {
        return;
    }
    if let Ok(layout) = Layout::from_size_align(bytes, 8) {
        unsafe { std::alloc::dealloc(ptr, layout) }
    }
}

#[no_mangle]
pub extern "C" fn sg_out_of_memory() -> u32 {
    OUT_OF_MEMORY.swap(false, Ordering::Relaxed) as u32
}

#[no_mangle]
pub extern "C" fn sg_error_code() -> u32 {
    LAST_ERROR.with(|e| e.borrow().0)
}

#[no_mangle]
pub extern "C" fn sg_error_ptr() -> *const u8 {
    LAST_ERROR.with(|e| e.borrow().1.as_ptr())
}

#[no_mangle]
pub extern "C" fn sg_error_len() -> usize {
    LAST_ERROR.with(|e| e.borrow().1.len())
}

#[no_mangle]
pub extern "C" fn sg_clear_error() {
    set_error(0, String::new());
}

#[no_mangle]
pub unsafe extern "C" fn sg_result_buffer_count(out: *const Output) -> u32 {
    (*out).buffers.len() as u32
}

#[no_mangle]
pub unsafe extern "C" fn sg_result_buffer_ptr(out: *const Output, i: u32) -> *const u8 {
    (*out).buffers[i as usize].ptr()
}

/// Length in elements (not bytes) of buffer `i`.
#[no_mangle]
pub unsafe extern "C" fn sg_result_buffer_len(out: *const Output, i: u32) -> usize {
    (*out).buffers[i as usize].len()
}

#[no_mangle]
pub unsafe extern "C" fn sg_result_scalar_count(out: *const Output) -> u32 {
    (*out).scalars.len() as u32
}

#[no_mangle]
pub unsafe extern "C" fn sg_result_scalar(out: *const Output, i: u32) -> f64 {
    (*out).scalars[i as usize]
}

#[no_mangle]
pub unsafe extern "C" fn sg_result_free(out: *mut Output) {
    if !out.is_null() {
        drop(Box::from_raw(out));
    }
}

/// Parses binary or ASCII STL; positions are multiplied by `scale` (metres per file unit).
#[no_mangle]
pub unsafe extern "C" fn sg_stl_parse(ptr: *const u8, len: usize, scale: f64, max_triangles: u32) -> *mut Output {
    finish((|| -> GeomResult<Output> { stl::parse(slice(ptr, len)?, scale, max_triangles as usize) })())
}

/// Welds vertices closer than `tolerance` (negative: automatic, relative to the bounding box).
/// `idx` may be empty: the positions are then a triangle soup.
#[no_mangle]
pub unsafe extern "C" fn sg_weld(pos: *const f32, vertex_count: u32, idx: *const u32, index_count: u32, tolerance: f64) -> *mut Output {
    finish((|| -> GeomResult<Output> {
        let p = slice(pos, vertex_count as usize * 3)?;
        let i = slice(idx, index_count as usize)?;
        weld::weld(p, i, tolerance)
    })())
}

#[no_mangle]
pub unsafe extern "C" fn sg_mesh_health(pos: *const f32, vertex_count: u32, idx: *const u32, triangle_count: u32, max_defects: u32) -> *mut Output {
    finish((|| -> GeomResult<Output> {
        let p = slice(pos, vertex_count as usize * 3)?;
        let i = slice(idx, triangle_count as usize * 3)?;
        health::mesh_health(p, i, max_defects as usize)
    })())
}

#[no_mangle]
pub unsafe extern "C" fn sg_reduce_points(pos: *const f32, count: u32, target: u32) -> *mut Output {
    finish((|| -> GeomResult<Output> { reduce::reduce_points(slice(pos, count as usize * 3)?, target as usize) })())
}

/// `attributes` points to `attribute_count` pairs (pointer, component count), each an f32 array with
/// `count * components` values.
#[no_mangle]
pub unsafe extern "C" fn sg_iso_surface(
    pos: *const f32,
    count: u32,
    attributes: *const u32,
    attribute_count: u32,
    particle_radius: f64,
    smoothing_length: f64,
    cube_size: f64,
    iso_threshold: f64,
    max_triangles: u32,
) -> *mut Output {
    finish((|| -> GeomResult<Output> {
        let p = slice(pos, count as usize * 3)?;
        let descs = slice(attributes, attribute_count as usize * 2)?;
        let mut attrs: Vec<(&[f32], usize)> = Vec::new();
        for a in descs.chunks_exact(2) {
            let comps = a[1] as usize;
            if comps == 0 {
                return Err(GeomError::invalid("attribute with 0 components"));
            }
            attrs.push((slice(a[0] as usize as *const f32, count as usize * comps)?, comps));
        }
        let params = iso::IsoParams {
            particle_radius: particle_radius as f32,
            smoothing_length: smoothing_length as f32,
            cube_size: cube_size as f32,
            iso_threshold: iso_threshold as f32,
            max_triangles: max_triangles as usize,
        };
        iso::reconstruct(p, &attrs, &params)
    })())
}

#[no_mangle]
pub unsafe extern "C" fn sg_points_in_mesh(pos: *const f32, vertex_count: u32, idx: *const u32, triangle_count: u32, query: *const f32, query_count: u32) -> *mut Output {
    finish((|| -> GeomResult<Output> {
        let p = slice(pos, vertex_count as usize * 3)?;
        let i = slice(idx, triangle_count as usize * 3)?;
        let q = slice(query, query_count as usize * 3)?;
        inside::points_in_mesh(p, i, q)
    })())
}

#[no_mangle]
pub unsafe extern "C" fn sg_lattice_fill(
    pos: *const f32,
    vertex_count: u32,
    idx: *const u32,
    triangle_count: u32,
    spacing: f64,
    origin_x: f64,
    origin_y: f64,
    origin_z: f64,
    max_points: u32,
) -> *mut Output {
    finish((|| -> GeomResult<Output> {
        let p = slice(pos, vertex_count as usize * 3)?;
        let i = slice(idx, triangle_count as usize * 3)?;
        inside::lattice_fill(p, i, spacing, [origin_x, origin_y, origin_z], max_points as usize)
    })())
}

/// Runs of lattice points inside the mesh along x (see `inside::lattice_runs`).
#[no_mangle]
pub unsafe extern "C" fn sg_lattice_runs(
    pos: *const f32,
    vertex_count: u32,
    idx: *const u32,
    triangle_count: u32,
    spacing: f64,
    origin_x: f64,
    origin_y: f64,
    origin_z: f64,
    max_runs: u32,
) -> *mut Output {
    finish((|| -> GeomResult<Output> {
        let p = slice(pos, vertex_count as usize * 3)?;
        let i = slice(idx, triangle_count as usize * 3)?;
        inside::lattice_runs(p, i, spacing, [origin_x, origin_y, origin_z], max_runs as usize)
    })())
}

/// Checks that every value is finite; positions with NaN or infinity cannot be placed in space.
pub fn check_finite(values: &[f32], what: &str) -> GeomResult<()> {
    if let Some(i) = values.iter().position(|v| !v.is_finite()) {
        return Err(GeomError::invalid(format!("{} contains a non-finite value at element {}", what, i / 3)));
    }
    Ok(())
}

/// Axis-aligned bounds of xyz triples.
pub fn bounds(p: &[f32]) -> ([f32; 3], [f32; 3]) {
    let mut lo = [f32::INFINITY; 3];
    let mut hi = [f32::NEG_INFINITY; 3];
    for v in p.chunks_exact(3) {
        for a in 0..3 {
            lo[a] = lo[a].min(v[a]);
            hi[a] = hi[a].max(v[a]);
        }
    }
    (lo, hi)
}

#[cfg(test)]
mod tests;
