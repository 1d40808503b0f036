//! Large tables allocated zeroed, their memory advised to the system as huge pages
//! before it is first touched.
//!
//! A perft or search table of hundreds of MiB, in 4 KiB pages, costs a page fault for
//! every page on first touch and a TLB miss on nearly every probe after. On Linux,
//! `madvise(MADV_HUGEPAGE)` asks for 2 MiB pages (transparent huge pages, which most
//! distributions leave to such advice); elsewhere, or if the system declines, the table
//! is the same, in small pages. The allocation is zeroed by the allocator
//! ([`bytemuck::zeroed_slice_box`]), which for a large table (above the C library's
//! threshold for mapping, 128 KiB to 32 MiB in glibc) maps fresh pages the system zeroes
//! as they are first touched: nothing is written up front. A smaller table may come
//! from the heap, cleared by the allocator before the advice is given.

/// A table of `len` zeroed values, its whole 2 MiB spans advised as huge pages.
pub fn zeroed_table<T: bytemuck::Zeroable>(len: usize) -> Box<[T]> {
    let table: Box<[T]> = bytemuck::zeroed_slice_box(len);
    advise_huge_pages(&table);
    table
}

/// The size of a transparent huge page on x86-64 and most `aarch64` kernels.
#[cfg(target_os = "linux")]
const HUGE_PAGE: usize = 2 << 20;

/// Asks for the whole 2 MiB spans inside `table` to be backed by huge pages.
#[cfg(target_os = "linux")]
fn advise_huge_pages<T>(table: &[T]) {
    let start = table.as_ptr() as usize;
    let end = start + std::mem::size_of_val(table);
    let first = start.next_multiple_of(HUGE_PAGE);
    let last = end / HUGE_PAGE * HUGE_PAGE;
    if last <= first {
        return;
    }
    #[expect(
        unsafe_code,
        reason = "madvise, advice on memory the table owns: no content changes"
    )]
    // SAFETY: `first..last` lies inside `table`'s own allocation (rounded inwards to
    // whole huge pages) and stays mapped while the call runs; MADV_HUGEPAGE changes how
    // the kernel backs the pages, never what they hold, so no Rust reference sees a
    // change. A refusal (an old kernel, huge pages turned off) leaves the table as it was.
    let _status = unsafe {
        libc::madvise(
            first as *mut libc::c_void,
            last - first,
            libc::MADV_HUGEPAGE,
        )
    };
}

/// Elsewhere the table keeps the system's pages.
#[cfg(not(target_os = "linux"))]
fn advise_huge_pages<T>(_table: &[T]) {}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicU64, Ordering};

    use super::*;

    #[test]
    fn a_table_is_zeroed_and_usable_whatever_its_size() {
        for len in [0, 1, 1000, (8 << 20) / 8 + 3] {
            let table: Box<[AtomicU64]> = zeroed_table(len);
            assert_eq!(table.len(), len);
            assert!(table.iter().all(|x| x.load(Ordering::Relaxed) == 0));
            if let Some(last) = table.last() {
                last.store(7, Ordering::Relaxed);
                assert_eq!(last.load(Ordering::Relaxed), 7);
            }
        }
    }
}
