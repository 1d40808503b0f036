//! The slider lookups, magic and BMI2 pext, count every suite the same at shallow depth.
//!
//! A test binary of its own, with one test: it selects the lookup for the whole process,
//! so nothing else may run beside it. Without BMI2 the pext half is skipped, and says so.

use crate::common;

use common::{check, suites};
use engine::attacks::{select_slider_attacks, SliderChoice};

/// A smaller budget than the suites test: every suite is counted once per lookup.
const NODES_PER_LOOKUP: u64 = 200_000;

#[test]
fn magic_and_pext_lookups_count_every_suite_the_same() {
    for choice in [SliderChoice::Magic, SliderChoice::Pext] {
        let method = match select_slider_attacks(choice) {
            Ok(method) => method,
            Err(e) => {
                eprintln!("{e}: the pext lookup is not tested here");
                continue;
            }
        };
        assert_eq!(method.name(), choice.name());
        let mut failures = Vec::new();
        for (name, entries) in suites() {
            failures.extend(check(&name, &entries, NODES_PER_LOOKUP, false));
        }
        assert!(
            failures.is_empty(),
            "{method}: {} mismatches:\n{}",
            failures.len(),
            failures.join("\n")
        );
    }
}
