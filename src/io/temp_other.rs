//! Without POSIX: the temporary file beside a target, from `tempfile`.

use std::ffi::OsStr;
use std::fs::File;
use std::io;
use std::path::Path;

pub(super) struct TempFile(tempfile::NamedTempFile);

impl TempFile {
    pub(super) fn new_in(dir: &Path, target: &OsStr, _mode: u32) -> io::Result<TempFile> {
        let prefix = format!(".{}.", target.to_string_lossy());
        tempfile::Builder::new()
            .prefix(&prefix)
            .suffix(".wenc-tmp")
            .tempfile_in(dir)
            .map(TempFile)
    }

    pub(super) fn as_file(&self) -> &File {
        self.0.as_file()
    }

    pub(super) fn persist(self, target: &OsStr) -> io::Result<()> {
        let dir = self.0.path().parent().unwrap_or(Path::new("."));
        let to = dir.join(target);
        self.0.persist(to).map(|_| ()).map_err(|e| e.error)
    }
}
