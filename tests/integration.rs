//! The root package's integration tests across crates: one test binary, a module per
//! subject.

mod oracle;

mod descriptive_roundtrip;
mod module_graph;
mod odds_oracle;
