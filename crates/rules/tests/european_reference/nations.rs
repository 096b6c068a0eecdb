//! Every nation the reference plays, written from the facts file
//! (`european-chess-nations.md`, section 2A) and the decisions of
//! `docs/nations.md`: kinds, promotions and powers; and the test
//! fixtures of `tests/data/nations`.

use super::kinds::{self, RefKind};
use super::powers::RefPower;

/// A rectangle of the board, written for the a1 corner, 0-based and inclusive.
pub type Rect = ((i32, i32), (i32, i32));

/// `"a1-d2"` as a rectangle.
pub fn rect(text: &str) -> Rect {
    let b = text.as_bytes();
    let sq = |i: usize| ((b[i] - b'a') as i32, (b[i + 1] - b'1') as i32);
    (sq(0), sq(3))
}

/// A nation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefNation {
    pub id: String,
    /// Its setup's letters in square order (a1, b1, ..., a2, ...).
    pub setup: &'static str,
    /// Kinds of its own.
    pub kinds: Vec<RefKind>,
    /// What its pawns promote to, in order (empty: from the board).
    pub promotions: Vec<char>,
    /// A choice offered only while its player holds fewer of the kind.
    pub limits: Vec<(char, usize)>,
    /// Where its pawns promote, for the a1 corner (empty: the far edge).
    pub promotion_areas: Vec<Rect>,
    /// Proof against other nations' powers, every piece it commands.
    pub immune: bool,
    pub powers: Vec<RefPower>,
}

fn nation(id: &str, setup: &'static str, promotions: &str) -> RefNation {
    RefNation {
        id: id.to_string(),
        setup,
        kinds: Vec::new(),
        promotions: promotions.chars().collect(),
        limits: Vec::new(),
        promotion_areas: Vec::new(),
        immune: false,
        powers: Vec::new(),
    }
}

fn with(mut n: RefNation, powers: Vec<RefPower>) -> RefNation {
    n.powers = powers;
    n
}

/// The squares of an eight-piece setup, a1 to d1 then a2 to d2, with
/// their letters.
fn homes(setup: &str) -> Vec<((i32, i32), char)> {
    setup
        .chars()
        .enumerate()
        .map(|(i, l)| (((i % 4) as i32, (i / 4) as i32), l))
        .collect()
}

fn letters(text: &str) -> Vec<char> {
    text.chars().collect()
}

/// The nation of the id, or `None` for one the reference does not play.
pub fn nation_of(id: &str) -> Option<RefNation> {
    let default = || nation(id, "krbnpppp", "rbn");
    Some(match id {
        "default" | "jerusalem" | "netherlands" | "gaul" | "switzerland" | "russia" | "france" => {
            let power = match id {
                "france" => vec![RefPower::Fear],
                "jerusalem" => vec![RefPower::Shelter],
                "netherlands" => vec![RefPower::Trade],
                "gaul" => vec![RefPower::Push],
                "switzerland" => vec![RefPower::Neutral],
                "russia" => vec![RefPower::DestroyIdle],
                _ => vec![],
            };
            with(default(), power)
        }
        "assassins-guild" => with(
            nation(id, "krbnpppp", "rb"),
            vec![
                RefPower::Transform {
                    pairs: vec![('b', 'n'), ('r', 'n')],
                    only_one: true,
                },
                RefPower::Stealth { turns: 3 },
            ],
        ),
        "ancient-china" => {
            let mut n = nation(id, "kqbnpppp", "qbn");
            n.kinds = vec![kinds::queen()];
            with(
                n,
                vec![RefPower::Wall {
                    area: rect("a1-e3"),
                    keeper: 'q',
                }],
            )
        }
        "ancient-greece" => with(
            default(),
            vec![
                RefPower::MoveInArea {
                    areas: vec![
                        (rect("a1-d2"), kinds::king_steps()),
                        (rect("a1-e3"), kinds::two_diagonally()),
                    ],
                },
                RefPower::Shoot {
                    area: rect("d4-e5"),
                },
            ],
        ),
        "armenia" => {
            let mut n = nation(id, "hrbnpppp", "rbn");
            n.kinds = vec![kinds::armenian_king()];
            with(
                n,
                vec![RefPower::MoveAgain {
                    near: letters("h"),
                    distance: 2,
                }],
            )
        }
        "australia" => with(
            default(),
            vec![RefPower::UPath {
                kinds: letters("r"),
                straight_not_twice: true,
            }],
        ),
        "canada" => with(
            default(),
            vec![RefPower::Revive {
                homes: homes("krbnpppp"),
                uses: 2,
            }],
        ),
        "north-korea" => with(default(), vec![RefPower::Insanity]),
        "balkan-states" => with(
            default(),
            vec![RefPower::Assassinate {
                area: rect("a1-d4"),
                pieces: 3,
            }],
        ),
        "mycenae" => {
            // Knights only on the board (b1, c1); the army inside them.
            let mut n = nation(id, "hh", "rb");
            n.kinds = vec![kinds::trojan_horse()];
            with(
                n,
                vec![RefPower::Cargo {
                    kind: 'h',
                    cargo: "krbbppp".to_string(),
                }],
            )
        }
        "ottoman-empire" => with(
            nation(id, "", "rbn"),
            vec![RefPower::Deploy {
                reserve: letters("kppbbnnr"),
                squares: vec![(0, 0), (2, 0), (1, 1), (3, 1)],
                first: letters("kpp"),
                within: 5,
                guarded_turns: 2,
            }],
        ),
        "barbarian-invaders" => with(
            default(),
            vec![RefPower::Ferocity {
                release: 2,
                turns: 3,
            }],
        ),
        "allied-army" => {
            let mut n = nation(id, "krbnpppp", "qnrb");
            n.kinds = vec![kinds::queen()];
            n.limits = vec![('q', 1)];
            n.promotion_areas = vec![rect("a6-h6")];
            with(n, vec![RefPower::Trenches])
        }
        "american-colonies" => {
            let mut n = default();
            n.kinds = vec![kinds::militia()];
            with(
                n,
                vec![RefPower::Militia {
                    kind: 'm',
                    area: rect("a1-e3"),
                }],
            )
        }
        "nuclear-rogue" => with(
            nation(id, "krnppp", "rn"),
            vec![RefPower::Bomb {
                area: rect("c3-f6"),
                every: 3,
            }],
        ),
        "athens" => with(
            nation(id, "kbbbpppp", "b"),
            vec![RefPower::Relocate {
                area: rect("a1-h8"),
                capture_from_outside: None,
                kinds: Some(letters("b")),
                not_twice: true,
                no_check: true,
            }],
        ),
        "byzantine-empire" => with(
            default(),
            vec![RefPower::Relocate {
                area: rect("a1-d2"),
                capture_from_outside: Some(rect("a1-e3")),
                kinds: None,
                not_twice: false,
                no_check: false,
            }],
        ),
        "austria" => with(
            nation(id, "krnnpppp", "rn"),
            vec![
                RefPower::MoveTwo {
                    kinds: ('n', 'n'),
                    not_twice: true,
                    once: false,
                    in_check: false,
                    not_same_direction: false,
                },
                RefPower::DestroyAttacked {
                    sources: letters("n"),
                },
            ],
        ),
        "holy-roman-empire" => with(
            nation(id, "krrnpppp", "rn"),
            vec![
                RefPower::MoveTwo {
                    kinds: ('r', 'r'),
                    not_twice: false,
                    once: false,
                    in_check: false,
                    not_same_direction: true,
                },
                RefPower::NoRevenge {
                    kinds: letters("r"),
                },
            ],
        ),
        "sparta" => {
            let mut n = nation(id, "kgpppppp", "rnbg");
            n.kinds = vec![kinds::warrior()];
            n.limits = vec![('g', 1)];
            with(
                n,
                vec![RefPower::MoveTwo {
                    kinds: ('k', 'g'),
                    not_twice: false,
                    once: true,
                    in_check: true,
                    not_same_direction: false,
                }],
            )
        }
        "aztecs" => with(
            nation(id, "krrnpppp", "rn"),
            vec![RefPower::Transform {
                pairs: vec![('n', 'r'), ('r', 'n')],
                only_one: false,
            }],
        ),
        "britain" => {
            let mut n = nation(id, "oooopppp", "o");
            n.kinds = vec![kinds::minister()];
            with(
                n,
                vec![RefPower::NoLeapTwice {
                    kinds: letters("o"),
                }],
            )
        }
        "carthage" => {
            let mut n = nation(id, "kebnpppp", "ebn");
            n.kinds = vec![kinds::elephant()];
            with(
                n,
                vec![RefPower::CaptureRange {
                    kinds: letters("e"),
                    distance: 2,
                }],
            )
        }
        "conquistadors" => with(
            nation(id, "bkpppn", "nb"),
            vec![RefPower::DestroyAdjacent {
                sources: letters("bnk"),
            }],
        ),
        "incas" => {
            let mut n = nation(id, "kddppp", "d");
            n.kinds = vec![kinds::delegate()];
            with(
                n,
                vec![RefPower::ConvertAdjacent {
                    sources: letters("d"),
                }],
            )
        }
        "egypt" => {
            let mut n = nation(id, "yrbnpppp", "");
            n.kinds = vec![kinds::diagonal_leaping_king('y', 2)];
            n.immune = true;
            n
        }
        "transylvania" => {
            let mut n = nation(id, "vrbnpppp", "rbn");
            n.kinds = vec![kinds::diagonal_leaping_king('v', 3)];
            with(
                n,
                vec![RefPower::BecomeCaptured {
                    kinds: letters("p"),
                }],
            )
        }
        "huns" => with(
            nation(id, "kbnppp", "rnb"),
            vec![RefPower::Place {
                kind: 'p',
                area: rect("a1-e3"),
                not_twice: true,
            }],
        ),
        "hurons" => {
            let mut n = nation(id, "hueewwww", "ue");
            n.kinds = kinds::hurons();
            n
        }
        "macedonia" => {
            let mut n = nation(id, "krbaaaaa", "rbq");
            n.kinds = vec![kinds::macedonian_pawn(), kinds::queen()];
            n.limits = vec![('q', 1)];
            n
        }
        "medieval-britain" => {
            let mut n = nation(id, "klsnpppp", "lsn");
            n.kinds = kinds::short_pieces();
            with(n, vec![RefPower::CaptureInPlace])
        }
        "medieval-japan" => {
            let mut n = nation(id, "krbfjjjj", "m");
            n.kinds = kinds::japan();
            let pairs = vec![('j', 'm'), ('p', 'm'), ('f', 'm'), ('b', 'x'), ('r', 't')];
            with(
                n,
                vec![RefPower::BecomeInArea {
                    pairs,
                    area: rect("a6-h8"),
                    own: true,
                }],
            )
        }
        "mongol-empire" => {
            let mut n = nation(id, "kiiiiiii", "qrbn");
            n.kinds = vec![kinds::mongol_pawn(), kinds::queen()];
            n.limits = vec![('q', 1), ('r', 2), ('b', 2), ('n', 2)];
            n.promotion_areas = vec![rect("a8-h8"), rect("h1-h8")];
            n
        }
        "papal-states" => {
            let mut n = nation(id, "kcccpppp", "c");
            n.kinds = kinds::papal();
            with(
                n,
                vec![RefPower::BecomeInArea {
                    pairs: vec![('c', 'z')],
                    area: rect("a1-d2"),
                    own: false,
                }],
            )
        }
        "soviet-union" => {
            // The cards in the file's arrangement (a1 the King card), which
            // the deal rearranges (`secrecy.rs`).
            let mut n = nation(id, "xzyzwwwy", "nb");
            n.kinds = kinds::soviet();
            with(
                n,
                vec![RefPower::Secrecy {
                    stand_in: 'u',
                    cards: vec![('x', 'k'), ('z', 'b'), ('y', 'n'), ('w', 'p')],
                    area: rect("a1-e3"),
                    turns: 3,
                }],
            )
        }
        // The test fixtures (tests/data/nations).
        "test-rooks" => {
            let mut n = nation(id, "krrnoooo", "rn");
            n.kinds = vec![kinds::plain_pawn('o')];
            n
        }
        "test-amazon" => {
            let mut n = nation(id, "kwxxxxxx", "rnbw");
            n.kinds = vec![kinds::amazon('w'), kinds::plain_pawn('x')];
            n
        }
        "test-wide" => nation(id, "krbnpp", "rbn"),
        _ => return None,
    })
}
