//! Which files `loadsgf` and `printsgf` may read and write. A server reachable over the
//! network must not let its clients read or write whatever file they name, so `serve`
//! touches none unless told a directory, and then nothing outside it; `gamebot stdio`,
//! whose only client is the program that launched it with the same rights, opens what
//! it is given, as GNU Go and KataGo do.

use std::io::Read;
use std::path::{Component, Path, PathBuf};
use thiserror::Error;

/// The largest SGF file `loadsgf` reads: far more than any game record (a 19x19 game
/// at the move limit is about 15 KB), little enough to hold.
pub const MAX_SGF_BYTES: u64 = 16 << 20;

/// Where `loadsgf FILE` and `printsgf FILE` may go.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SgfFiles {
    /// Nowhere: every named file is refused (`serve` without `--sgf-dir`).
    Refused,
    /// Any path the process may open, relative ones from its working directory
    /// (`gamebot stdio`).
    Anywhere,
    /// Only files inside this directory, named by relative paths without `..`, symbolic
    /// links that lead out refused (`serve --sgf-dir DIR`). The path is canonical.
    Under(PathBuf),
}

/// Why a file was not read or written.
#[derive(Debug, Error)]
pub enum FileError {
    /// Files are refused here.
    #[error("files are not read or written over this connection (a server does so only inside the directory given by --sgf-dir)")]
    Refused,
    /// An absolute path, or one with `..`, under a directory.
    #[error("'{0}' is not a relative path inside the SGF directory (no leading '/', no '..')")]
    NotInside(String),
    /// A path that leads out of the directory through a symbolic link.
    #[error("'{0}' leads outside the SGF directory")]
    Outside(String),
    /// The file is larger than [`MAX_SGF_BYTES`].
    #[error("'{0}' is larger than 16 MiB")]
    TooLarge(String),
    /// The system refused.
    #[error("'{name}': {error}")]
    Io {
        /// The file as named.
        name: String,
        /// What went wrong.
        error: std::io::Error,
    },
}

impl SgfFiles {
    /// Files inside `directory` only; fails if it cannot be found.
    pub fn under(directory: &Path) -> std::io::Result<SgfFiles> {
        Ok(SgfFiles::Under(directory.canonicalize()?))
    }

    /// The text of the file `name` (not valid UTF-8 parts replaced).
    pub fn read(&self, name: &str) -> Result<String, FileError> {
        let path = self.path(name)?;
        let io = |error| FileError::Io {
            name: name.to_string(),
            error,
        };
        if let SgfFiles::Under(directory) = self {
            if !path.canonicalize().map_err(io)?.starts_with(directory) {
                return Err(FileError::Outside(name.to_string()));
            }
        }
        let mut bytes = Vec::new();
        std::fs::File::open(&path)
            .and_then(|file| file.take(MAX_SGF_BYTES + 1).read_to_end(&mut bytes))
            .map_err(io)?;
        if bytes.len() as u64 > MAX_SGF_BYTES {
            return Err(FileError::TooLarge(name.to_string()));
        }
        Ok(String::from_utf8_lossy(&bytes).into_owned())
    }

    /// Writes `text` to the file `name`, replacing it.
    pub fn write(&self, name: &str, text: &str) -> Result<(), FileError> {
        let path = self.path(name)?;
        let io = |error| FileError::Io {
            name: name.to_string(),
            error,
        };
        if let SgfFiles::Under(directory) = self {
            let parent = path.parent().unwrap_or(directory);
            let link = std::fs::symlink_metadata(&path)
                .is_ok_and(|metadata| metadata.file_type().is_symlink());
            if link || !parent.canonicalize().map_err(io)?.starts_with(directory) {
                return Err(FileError::Outside(name.to_string()));
            }
        }
        std::fs::write(&path, text).map_err(io)
    }

    /// Where `name` is, if it may be opened at all.
    fn path(&self, name: &str) -> Result<PathBuf, FileError> {
        match self {
            SgfFiles::Refused => Err(FileError::Refused),
            SgfFiles::Anywhere => Ok(PathBuf::from(name)),
            SgfFiles::Under(directory) => {
                let relative = Path::new(name);
                let plain = relative
                    .components()
                    .all(|part| matches!(part, Component::Normal(_) | Component::CurDir));
                if !plain || name.is_empty() {
                    return Err(FileError::NotInside(name.to_string()));
                }
                Ok(directory.join(relative))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_directory_keeps_every_file_inside_it() {
        let _bound = crate::test_bound::bound();
        let root = std::env::temp_dir().join(format!("gamebot-files-{}", std::process::id()));
        let inside = root.join("sgf");
        std::fs::create_dir_all(inside.join("sub")).unwrap();
        std::fs::write(root.join("secret.sgf"), "(;)").unwrap();
        let files = SgfFiles::under(&inside).unwrap();
        files.write("sub/game.sgf", "(;SZ[9])").unwrap();
        assert_eq!(files.read("./sub/game.sgf").unwrap(), "(;SZ[9])");
        for name in ["../secret.sgf", "/etc/passwd", "sub/../../secret.sgf", ""] {
            assert!(
                matches!(files.read(name), Err(FileError::NotInside(_))),
                "{name}"
            );
            assert!(
                matches!(files.write(name, "x"), Err(FileError::NotInside(_))),
                "{name}"
            );
        }
        #[cfg(unix)]
        {
            std::os::unix::fs::symlink(root.join("secret.sgf"), inside.join("link.sgf")).unwrap();
            std::os::unix::fs::symlink(&root, inside.join("up")).unwrap();
            assert!(matches!(files.read("link.sgf"), Err(FileError::Outside(_))));
            assert!(matches!(
                files.write("link.sgf", "x"),
                Err(FileError::Outside(_))
            ));
            assert!(matches!(
                files.read("up/secret.sgf"),
                Err(FileError::Outside(_))
            ));
            assert!(matches!(
                files.write("up/new.sgf", "x"),
                Err(FileError::Outside(_))
            ));
            assert!(!root.join("new.sgf").exists());
        }
        assert_eq!(
            std::fs::read_to_string(root.join("secret.sgf")).unwrap(),
            "(;)"
        );
        assert!(matches!(
            files.read("missing.sgf"),
            Err(FileError::Io { .. })
        ));
        assert!(matches!(
            SgfFiles::Refused.read("x.sgf"),
            Err(FileError::Refused)
        ));
        assert!(matches!(
            SgfFiles::Refused.write("x.sgf", ""),
            Err(FileError::Refused)
        ));
        std::fs::remove_dir_all(&root).unwrap();
    }
}
