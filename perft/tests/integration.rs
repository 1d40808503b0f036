//! The perft crate's integration tests: one test binary, a module per subject.

mod common;

mod closed_output;
mod divided;
mod odds_records;
mod slider_lookups;
mod suites;
