//! For tests: a new empty folder under the system's temporary one, removed when dropped,
//! to hold a real games' database.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

/// A new empty folder, removed (with what it holds) when dropped.
pub struct TestFolder(PathBuf);

impl TestFolder {
    /// A folder named after `name`, this process and a count, made empty.
    pub fn new(name: &str) -> TestFolder {
        static COUNT: AtomicUsize = AtomicUsize::new(0);
        let n = COUNT.fetch_add(1, Ordering::Relaxed);
        let path =
            std::env::temp_dir().join(format!("morphy-test-{name}-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&path);
        TestFolder(path)
    }

    /// The folder.
    pub fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for TestFolder {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
