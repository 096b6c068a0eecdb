//! `tetrarch variants`: the built-in variants, or the details of one
//! (which also checks a user's variant file, start position included).

use crate::options;
use anyhow::Result;
use std::path::PathBuf;
use tetrarch_rules::variant::{WithWidth, builtin_names};
use tetrarch_rules::{HasSliders, Variant};

/// Arguments of `tetrarch variants`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Describe this built-in variant instead of listing them all.
    #[arg(long, value_name = "NAME")]
    variant: Option<String>,
    /// Check and describe a variant definition in TOML.
    #[arg(long, value_name = "PATH", conflicts_with = "variant")]
    variant_file: Option<PathBuf>,
}

/// Run `tetrarch variants`.
pub fn run(args: &Args) -> Result<()> {
    let variant = match (&args.variant, &args.variant_file) {
        (_, Some(path)) => Variant::from_file(path)?,
        (Some(name), None) => Variant::builtin(name)?,
        (None, None) => {
            let names: Vec<&str> = builtin_names().collect();
            let width = names.iter().map(|n| n.len()).max().unwrap_or(0);
            for name in names {
                let v = Variant::builtin(name)?;
                println!("{name:width$}  {}", v.description);
            }
            return Ok(());
        }
    };
    variant.with_width(CheckStart)?;
    describe(&variant);
    Ok(())
}

/// Compiles the rules and reads the start position.
struct CheckStart;

impl WithWidth for CheckStart {
    type Output = Result<()>;
    fn run<B: HasSliders>(self, variant: &Variant) -> Result<()> {
        options::position::<B>(variant, None).map(|_| ())
    }
}

fn describe(v: &Variant) {
    let g = &v.geometry;
    println!("name         {}", v.name);
    println!("description  {}", v.description);
    println!("origin       {}", v.origin);
    println!(
        "board        {} x {}, {} squares",
        g.width(),
        g.height(),
        g.playable_count()
    );
    let seats: Vec<&str> = v.seats.iter().map(|s| s.name.as_str()).collect();
    println!("seats        {}", seats.join(", "));
    println!("start        {}", v.start_fen);
    for p in &v.pieces {
        let mut flags = Vec::new();
        if p.royal {
            flags.push("royal".to_string());
        }
        if p.pawn {
            let to: String = p.promotions.iter().map(|&k| v.piece(k).letter).collect();
            flags.push(format!("pawn, promotes to {to}"));
        }
        let flags = if flags.is_empty() {
            String::new()
        } else {
            format!("  ({})", flags.join("; "))
        };
        println!(
            "piece        {} {:10} {}{flags}",
            p.letter, p.name, p.movement
        );
    }
    let r = &v.rules;
    let mut rules = Vec::new();
    if r.check {
        rules.push("check".to_string());
    }
    if r.castling.is_some() {
        rules.push(
            if r.chess960 {
                "chess960 castling"
            } else {
                "castling"
            }
            .to_string(),
        );
    }
    if r.en_passant {
        rules.push("en passant".to_string());
    }
    rules.push(format!("stalemate {:?}", r.stalemate).to_lowercase());
    if let Some(n) = r.fifty_move {
        rules.push(format!("{n}-move rule"));
    }
    if let Some(n) = r.repetition {
        rules.push(format!("{n}-fold repetition"));
    }
    if r.insufficient_material {
        rules.push("insufficient material".to_string());
    }
    println!("rules        {}", rules.join(", "));
}
