//! Nothing in the server's code names a variant: every game reaches it
//! through the rules crate's width-free game, so a new variant or rules
//! family needs no change here.

use std::path::PathBuf;
use tetrarch_rules::AnyVariant;

#[test]
fn the_server_names_no_variant() {
    let mut dirs = vec![PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src")];
    let names: Vec<&str> = AnyVariant::builtin_names().collect();
    let mut checked = 0;
    while let Some(path) = dirs.pop() {
        if path.is_dir() {
            dirs.extend(std::fs::read_dir(&path).unwrap().map(|e| e.unwrap().path()));
            continue;
        }
        if path.extension().is_none_or(|e| e != "rs") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let code = text.split("#[cfg(test)]").next().unwrap();
        for line in code.lines().filter(|l| !l.trim_start().starts_with("//")) {
            for name in &names {
                assert!(
                    !line.contains(&format!("\"{name}\"")),
                    "{}: {line}",
                    path.display()
                );
            }
            assert!(
                !line.contains("AnyVariant::Chess"),
                "{}: {line}",
                path.display()
            );
        }
        checked += 1;
    }
    assert!(checked > 10);
}
