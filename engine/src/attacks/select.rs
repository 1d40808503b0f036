//! Which slider lookup [`super::rook_attacks`] and [`super::bishop_attacks`] use: magic
//! multiplication (every CPU), or BMI2 `pext` (where the CPU has it and runs it fast).
//!
//! The choice is one process-wide byte, made once: by [`select_slider_attacks`], or else
//! automatically when the first [`crate::Position`] is set up. The hot path reads it
//! with a relaxed load and one predictable branch. Both lookups give the same attacks,
//! so a choice made while another thread generates moves changes speed, never results.

use std::sync::atomic::{AtomicU8, Ordering};

use super::pext::Bmi2;

/// A slider lookup method.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub enum SliderAttacks {
    /// Magic multiplication: `((occupied & mask) * magic) >> shift` indexes the table.
    Magic,
    /// BMI2 `pext(occupied, mask)` indexes the table.
    Pext,
}

crate::named_enum!(SliderAttacks, "slider attack lookup", [Magic => "magic", Pext => "pext"]);

/// What to select: a method, or `auto` (pext where it is fast, magic otherwise).
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub enum SliderChoice {
    /// [`auto_slider_attacks`] decides.
    Auto,
    /// Magic multiplication.
    Magic,
    /// BMI2 `pext`; refused where the CPU has no BMI2.
    Pext,
}

crate::named_enum!(SliderChoice, "slider attack lookup", [
    Auto => "auto",
    Magic => "magic",
    Pext => "pext",
]);

/// `pext` was asked for on a CPU without BMI2 (running it there would be an illegal
/// instruction).
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub struct PextUnavailable;

impl std::fmt::Display for PextUnavailable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "this CPU has no BMI2, so no pext slider attacks (use magic or auto)"
        )
    }
}

impl std::error::Error for PextUnavailable {}

const UNSET: u8 = 0;
const MAGIC: u8 = 1;
const PEXT: u8 = 2;

/// The selected method: `PEXT` is stored only with a detected [`Bmi2`] in hand.
static SELECTED: AtomicU8 = AtomicU8::new(UNSET);

/// Selects the slider lookup for the whole process, and returns the method now in use.
///
/// ```
/// use engine::attacks::{select_slider_attacks, selected_slider_attacks, SliderAttacks, SliderChoice};
/// assert_eq!(select_slider_attacks(SliderChoice::Magic), Ok(SliderAttacks::Magic));
/// assert_eq!(selected_slider_attacks(), SliderAttacks::Magic);
/// ```
pub fn select_slider_attacks(choice: SliderChoice) -> Result<SliderAttacks, PextUnavailable> {
    let method = match choice {
        SliderChoice::Auto => auto_slider_attacks(),
        SliderChoice::Magic => SliderAttacks::Magic,
        SliderChoice::Pext => {
            Bmi2::detect().ok_or(PextUnavailable)?;
            SliderAttacks::Pext
        }
    };
    SELECTED.store(code(method), Ordering::Relaxed);
    Ok(method)
}

/// The method in use (selecting it automatically if nothing was selected yet).
pub fn selected_slider_attacks() -> SliderAttacks {
    select_automatically_once();
    match SELECTED.load(Ordering::Relaxed) {
        PEXT => SliderAttacks::Pext,
        _ => SliderAttacks::Magic,
    }
}

/// The automatic choice: `pext` where the CPU has BMI2 and runs `pext` fast, magic
/// otherwise.
pub fn auto_slider_attacks() -> SliderAttacks {
    if Bmi2::detect().is_some() && pext_is_fast(&cpu_identity()) {
        SliderAttacks::Pext
    } else {
        SliderAttacks::Magic
    }
}

/// Makes the automatic choice unless a choice was made already. Cheap after the first
/// call (one load); called whenever a position is set up.
#[inline]
pub(crate) fn select_automatically_once() {
    if SELECTED.load(Ordering::Relaxed) == UNSET {
        // A concurrent explicit selection wins: only UNSET is replaced.
        let _ = SELECTED.compare_exchange(
            UNSET,
            code(auto_slider_attacks()),
            Ordering::Relaxed,
            Ordering::Relaxed,
        );
    }
}

/// Whether the lookups use `pext` now (before any selection: no, magic).
#[inline(always)]
pub(super) fn pext_selected() -> bool {
    SELECTED.load(Ordering::Relaxed) == PEXT
}

fn code(method: SliderAttacks) -> u8 {
    match method {
        SliderAttacks::Magic => MAGIC,
        SliderAttacks::Pext => PEXT,
    }
}

/// The CPU's vendor string (CPUID leaf 0) and family (leaf 1, with the extended family
/// added when the base family is 0xF, as the vendors define it).
#[derive(Clone, Debug, Eq, PartialEq)]
struct CpuIdentity {
    vendor: [u8; 12],
    family: u32,
}

#[cfg(target_arch = "x86_64")]
fn cpu_identity() -> CpuIdentity {
    use core::arch::x86_64::{__cpuid, CpuidResult};
    // `__cpuid` is a safe function in newer Rust and an `unsafe` one in the declared
    // minimum, 1.85: called through an `unsafe fn` pointer, it needs its `unsafe` block
    // (and no more) in both.
    let cpuid: unsafe fn(u32) -> CpuidResult = __cpuid;
    #[expect(unsafe_code, reason = "CPUID, to tell the CPUs that run `pext` slowly")]
    // SAFETY: CPUID exists on every x86-64 CPU and only writes registers.
    let (leaf0, leaf1) = unsafe { (cpuid(0), cpuid(1)) };
    let mut vendor = [0u8; 12];
    vendor[..4].copy_from_slice(&leaf0.ebx.to_le_bytes());
    vendor[4..8].copy_from_slice(&leaf0.edx.to_le_bytes());
    vendor[8..].copy_from_slice(&leaf0.ecx.to_le_bytes());
    let base = (leaf1.eax >> 8) & 0xF;
    let family = if base == 0xF {
        base + ((leaf1.eax >> 20) & 0xFF)
    } else {
        base
    };
    CpuIdentity { vendor, family }
}

#[cfg(not(target_arch = "x86_64"))]
fn cpu_identity() -> CpuIdentity {
    CpuIdentity {
        vendor: [0; 12],
        family: 0,
    }
}

/// Whether a CPU that reports BMI2 runs `pext` fast.
///
/// AMD before Zen 3 reports BMI2 but runs `pext` in microcode, one step per set bit of
/// the mask: tens of cycles for a Rook's ten or twelve bits, where magic multiplication
/// takes a few. Those CPUs are family 0x15 (Excavator), 0x17 (Zen, Zen+, Zen 2) and
/// Hygon's 0x18 (a Zen 1 design); from family 0x19 (Zen 3, Zen 4) and 0x1A (Zen 5)
/// `pext` takes three cycles, as on every Intel CPU with BMI2 (Haswell and later).
fn pext_is_fast(cpu: &CpuIdentity) -> bool {
    let zen_lineage = &cpu.vendor == b"AuthenticAMD" || &cpu.vendor == b"HygonGenuine";
    !(zen_lineage && cpu.family < 0x19)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cpu(vendor: &[u8; 12], family: u32) -> CpuIdentity {
        CpuIdentity {
            vendor: *vendor,
            family,
        }
    }

    #[test]
    fn amd_before_zen_3_is_not_trusted_with_pext() {
        assert!(!pext_is_fast(&cpu(b"AuthenticAMD", 0x15)), "Excavator");
        assert!(!pext_is_fast(&cpu(b"AuthenticAMD", 0x17)), "Zen 1/2");
        assert!(!pext_is_fast(&cpu(b"HygonGenuine", 0x18)), "Hygon Dhyana");
    }

    #[test]
    fn zen_3_and_later_and_intel_run_pext_fast() {
        assert!(pext_is_fast(&cpu(b"AuthenticAMD", 0x19)), "Zen 3/4");
        assert!(pext_is_fast(&cpu(b"AuthenticAMD", 0x1A)), "Zen 5");
        assert!(pext_is_fast(&cpu(b"GenuineIntel", 6)));
    }

    #[test]
    fn cpu_identity_reads_a_known_vendor() {
        if cfg!(target_arch = "x86_64") {
            let id = cpu_identity();
            assert!(id.vendor.iter().all(u8::is_ascii_graphic), "{id:?}");
            assert!(id.family >= 6, "{id:?}");
        }
    }

    #[test]
    fn choices_parse_by_name() {
        assert_eq!("pext".parse::<SliderChoice>(), Ok(SliderChoice::Pext));
        assert_eq!("AUTO".parse::<SliderChoice>(), Ok(SliderChoice::Auto));
        assert!("fast".parse::<SliderChoice>().is_err());
        assert_eq!(SliderAttacks::Pext.to_string(), "pext");
    }

    #[test]
    fn pext_is_refused_exactly_where_bmi2_is_missing() {
        let had = selected_slider_attacks();
        let got = select_slider_attacks(SliderChoice::Pext);
        assert_eq!(got.is_ok(), Bmi2::detect().is_some());
        select_slider_attacks(match had {
            SliderAttacks::Magic => SliderChoice::Magic,
            SliderAttacks::Pext => SliderChoice::Pext,
        })
        .unwrap();
    }
}
