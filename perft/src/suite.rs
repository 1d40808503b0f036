//! suites
