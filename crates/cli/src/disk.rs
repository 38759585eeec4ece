//! What a long build needs of its disk: a claim on its folder
//! ([`Lock`]), and whether it may go on writing ([`room`]: it leaves
//! [`DISK_RESERVE`] to everything else).

use std::path::Path;

/// Disk space a build leaves free, for everything else on the disk.
const DISK_RESERVE: u64 = 15 << 30;

/// A build's claim on its directory: `build.lock` holding its process
/// id, removed when the build ends. A lock whose process is gone (a
/// build that was killed) is taken over.
pub(crate) struct Lock(std::path::PathBuf);

impl Lock {
    pub(crate) fn take(dir: &Path) -> Result<Lock, String> {
        let path = dir.join("build.lock");
        if let Ok(pid) = std::fs::read_to_string(&path) {
            let pid = pid.trim();
            if Path::new("/proc").join(pid).exists() && pid != std::process::id().to_string() {
                return Err(format!(
                    "another build (process {pid}) is writing {}; if it is not, remove {}",
                    dir.display(),
                    path.display()
                ));
            }
        }
        std::fs::write(&path, std::process::id().to_string())
            .map_err(|e| format!("{}: {e}", path.display()))?;
        Ok(Lock(path))
    }
}

impl Drop for Lock {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// Bytes free on the disk that holds `dir` (`df`, in kibibytes).
fn free_disk(dir: &Path) -> Result<u64, String> {
    let out = std::process::Command::new("df")
        .arg("-Pk")
        .arg(dir)
        .output()
        .map_err(|e| {
            format!(
                "df {}: {e} (the free disk space is checked first)",
                dir.display()
            )
        })?;
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .nth(1)
        .and_then(|l| l.split_whitespace().nth(3))
        .and_then(|k| k.parse::<u64>().ok())
        .map(|k| k << 10)
        .ok_or_else(|| format!("df could not tell the free space of {}", dir.display()))
}

/// Whether a build writing in `dir` may go on: `Err` saying why not when
/// the disk has less than [`DISK_RESERVE`] free, or its space cannot be
/// read.
pub(crate) fn room(dir: &Path) -> Result<(), String> {
    let free = free_disk(dir)?;
    if free < DISK_RESERVE {
        return Err(format!(
            "{:.1} GB left on the disk, {:.0} GB must stay free: the build stops here (run it again with room)",
            free as f64 / 1e9,
            DISK_RESERVE as f64 / 1e9
        ));
    }
    Ok(())
}
