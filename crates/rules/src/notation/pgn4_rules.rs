//! chess.com's `Variant` and `RuleVariants` tags: which Tetrarch variant a
//! four-player record is played under, and the options its rule list sets.
//!
//! A record with a `RuleVariants` tag (or chess.com's current start, `4PC`)
//! is a chess.com game of today: `Teams` is `fourway-chesscom-teams`, `FFA`
//! is `fourway-chesscom-ffa`. Older Teams records (no rule list, the older
//! start) are `fourway-original`, whose legality is the same until a
//! promotion or a mate. The rule list then sets what it names and turns off
//! what it leaves out; a rule Tetrarch does not play is an error, never
//! ignored, since the moves would not replay as played.
//!
//! ```
//! use tetrarch_rules::notation::pgn4::Pgn4Game;
//! use tetrarch_rules::notation::pgn4_rules::RecordRules;
//! let g: Pgn4Game = "[Variant \"FFA\"]\n[RuleVariants \"EnPassant Play4Mate\"]".parse().unwrap();
//! let rules = RecordRules::of(&g).unwrap().unwrap();
//! assert_eq!(rules.variant, "fourway-chesscom-ffa");
//! let v = rules.apply(&tetrarch_rules::Variant::builtin(rules.variant).unwrap()).unwrap();
//! let points = v.points.as_ref().unwrap();
//! assert_eq!((points.claim_margin, points.dead_king_walking), (None, false));
//! ```

use super::fen4_start::{FEN4_4PC, named_start};
use super::pgn4::{Pgn4Game, variant_for_tag};
use crate::piece::Kind;
use crate::variant::Variant;

/// A `Variant` or `RuleVariants` tag that names nothing Tetrarch plays.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RuleVariantsError {
    /// The `Variant` tag.
    #[error("Variant: '{0}' is not a variant Tetrarch plays (Teams, FFA, or a Tetrarch name)")]
    UnknownVariant(String),
    /// A rule of the list.
    #[error("RuleVariants: '{0}' is not a rule Tetrarch plays ({KNOWN})")]
    UnknownRule(String),
    /// A rule the variant has no room for.
    #[error("RuleVariants: '{rule}' does not apply to {variant}: {why}")]
    NotHere {
        /// The rule as written.
        rule: String,
        /// The variant.
        variant: String,
        /// Why.
        why: String,
    },
}

const KNOWN: &str = "EnPassant, DeadKingWalking, Play4Mate, PromoteTo=X; Anonymous and SemiAnonymous change nothing in play";

/// One rule of a `RuleVariants` list.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Rule {
    EnPassant,
    DeadKingWalking,
    /// Play on to mate: no win is claimed on points.
    Play4Mate,
    /// Pawns promote to the piece of this letter only.
    PromoteTo(char),
    /// How players' names were shown during the game (`Anonymous`,
    /// `SemiAnonymous`): nothing in play depends on it.
    Display,
}

impl Rule {
    fn parse(token: &str) -> Result<Rule, RuleVariantsError> {
        let unknown = || RuleVariantsError::UnknownRule(token.to_string());
        match token {
            "EnPassant" => Ok(Rule::EnPassant),
            "DeadKingWalking" => Ok(Rule::DeadKingWalking),
            "Play4Mate" => Ok(Rule::Play4Mate),
            "Anonymous" | "SemiAnonymous" => Ok(Rule::Display),
            _ => {
                let letter = token.strip_prefix("PromoteTo=").ok_or_else(unknown)?;
                let mut chars = letter.chars();
                match (chars.next(), chars.next()) {
                    (Some(c), None) if c.is_ascii_alphabetic() => {
                        Ok(Rule::PromoteTo(c.to_ascii_lowercase()))
                    }
                    _ => Err(unknown()),
                }
            }
        }
    }
}

/// The variant of a record and, for a chess.com game of today, its rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordRules {
    /// The Tetrarch variant's name.
    pub variant: &'static str,
    /// The `RuleVariants` list, when the record is a chess.com game with
    /// one (`None`: the variant as it is).
    rules: Option<Vec<Rule>>,
}

impl RecordRules {
    /// The variant and rules a record's tags give, or `None` without a
    /// `Variant` tag.
    pub fn of(game: &Pgn4Game) -> Result<Option<RecordRules>, RuleVariantsError> {
        let Some(tag) = game.tag("Variant") else {
            return Ok(None);
        };
        let rules = game
            .tag("RuleVariants")
            .map(|list| list.split_whitespace().map(Rule::parse).collect())
            .transpose()?;
        let current_start = game
            .tag("StartFen4")
            .is_some_and(|s| named_start(s).unwrap_or(s.trim()) == FEN4_4PC);
        let today = rules.is_some() || current_start;
        let variant = match tag.trim().to_ascii_lowercase().as_str() {
            "teams" if today => "fourway-chesscom-teams",
            "ffa" | "free-for-all" | "free for all" | "freeforall" if today => {
                "fourway-chesscom-ffa"
            }
            _ => variant_for_tag(tag)
                .ok_or_else(|| RuleVariantsError::UnknownVariant(tag.to_string()))?,
        };
        Ok(Some(RecordRules { variant, rules }))
    }

    /// `variant` as the record's rules play it: each rule named is on,
    /// each left out is off.
    pub fn apply(&self, variant: &Variant) -> Result<Variant, RuleVariantsError> {
        let Some(rules) = &self.rules else {
            return Ok(variant.clone());
        };
        let not_here = |rule: &str, why: &str| RuleVariantsError::NotHere {
            rule: rule.to_string(),
            variant: variant.name.clone(),
            why: why.to_string(),
        };
        let has = |r: &Rule| rules.contains(r);
        let mut v = variant.clone();
        let list: Vec<String> = rules.iter().map(|r| format!("{r:?}")).collect();
        v.rules.en_passant = has(&Rule::EnPassant);
        match v.points.as_mut() {
            Some(points) => {
                points.dead_king_walking = has(&Rule::DeadKingWalking);
                if has(&Rule::Play4Mate) {
                    points.claim_margin = None;
                }
            }
            None if has(&Rule::DeadKingWalking) => {
                return Err(not_here("DeadKingWalking", "it keeps no points"));
            }
            None => {}
        }
        for rule in rules {
            if let Rule::PromoteTo(letter) = rule {
                let kind = v
                    .pieces
                    .iter()
                    .position(|p| !p.promoted && p.letter == *letter)
                    .ok_or_else(|| {
                        not_here(
                            &format!("PromoteTo={}", letter.to_ascii_uppercase()),
                            "no piece has that letter",
                        )
                    })?;
                for p in v.pieces.iter_mut().filter(|p| p.pawn) {
                    p.promotions = vec![Kind(kind as u8)];
                }
            }
        }
        Ok(v.amended(&format!("RuleVariants {}", list.join(" "))))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(tags: &str) -> Pgn4Game {
        tags.parse().unwrap()
    }

    #[test]
    fn old_teams_records_stay_under_the_original_rules() {
        let r = RecordRules::of(&game("[Variant \"Teams\"]"))
            .unwrap()
            .unwrap();
        assert_eq!(r.variant, "fourway-original");
        let v = Variant::builtin(r.variant).unwrap();
        assert!(r.apply(&v).unwrap().same_game(&v));
    }

    #[test]
    fn a_rule_list_or_the_current_start_makes_a_game_of_today() {
        let teams = RecordRules::of(&game("[Variant \"Teams\"]\n[StartFen4 \"4PC\"]")).unwrap();
        assert_eq!(teams.unwrap().variant, "fourway-chesscom-teams");
        let teams =
            RecordRules::of(&game("[Variant \"Teams\"]\n[RuleVariants \"EnPassant\"]")).unwrap();
        assert_eq!(teams.unwrap().variant, "fourway-chesscom-teams");
        let ffa = RecordRules::of(&game("[Variant \"FFA\"]\n[RuleVariants \"\"]")).unwrap();
        assert_eq!(ffa.unwrap().variant, "fourway-chesscom-ffa");
    }

    #[test]
    fn rules_left_out_are_off_and_named_ones_on() {
        let g = game("[Variant \"FFA\"]\n[RuleVariants \"DeadKingWalking PromoteTo=D\"]");
        let r = RecordRules::of(&g).unwrap().unwrap();
        let v = r.apply(&Variant::builtin(r.variant).unwrap()).unwrap();
        assert!(!v.rules.en_passant, "EnPassant is not in the list");
        let points = v.points.as_ref().unwrap();
        assert!(points.dead_king_walking);
        assert_eq!(
            points.claim_margin,
            Some(21),
            "no Play4Mate: the win may be claimed"
        );
        let teams = game("[Variant \"Teams\"]\n[RuleVariants \"EnPassant PromoteTo=Q\"]");
        let r = RecordRules::of(&teams).unwrap().unwrap();
        let v = r.apply(&Variant::builtin(r.variant).unwrap()).unwrap();
        assert!(v.rules.en_passant);
        let pawn = v.pieces.iter().find(|p| p.pawn).unwrap();
        assert_eq!(pawn.promotions.len(), 1);
        assert_eq!(v.pieces[pawn.promotions[0].idx()].letter, 'q');
    }

    #[test]
    fn unknown_variants_and_rules_are_named() {
        let e = RecordRules::of(&game("[Variant \"Solo\"]")).unwrap_err();
        assert_eq!(
            e.to_string(),
            "Variant: 'Solo' is not a variant Tetrarch plays (Teams, FFA, or a Tetrarch name)"
        );
        let e = RecordRules::of(&game(
            "[Variant \"FFA\"]\n[RuleVariants \"EnPassant Atomic\"]",
        ))
        .unwrap_err();
        assert!(
            e.to_string()
                .starts_with("RuleVariants: 'Atomic' is not a rule"),
            "{e}"
        );
        let e =
            RecordRules::of(&game("[Variant \"FFA\"]\n[RuleVariants \"PromoteTo=\"]")).unwrap_err();
        assert!(e.to_string().contains("'PromoteTo='"), "{e}");
        let teams = game("[Variant \"Teams\"]\n[RuleVariants \"DeadKingWalking\"]");
        let r = RecordRules::of(&teams).unwrap().unwrap();
        let e = r.apply(&Variant::builtin(r.variant).unwrap()).unwrap_err();
        assert!(e.to_string().contains("keeps no points"), "{e}");
        let teams = game("[Variant \"Teams\"]\n[RuleVariants \"PromoteTo=Z\"]");
        let r = RecordRules::of(&teams).unwrap().unwrap();
        let e = r.apply(&Variant::builtin(r.variant).unwrap()).unwrap_err();
        assert!(e.to_string().contains("PromoteTo=Z"), "{e}");
    }
}
