//! The TOML schema of a variant file, as read before any checking.

use serde::Deserialize;

/// A variant file.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VariantSpec {
    /// Identifier, such as `chess`.
    pub name: String,
    /// One line for people.
    #[serde(default)]
    pub description: String,
    /// Board shape.
    pub board: BoardSpec,
    /// Seats in turn order.
    pub seats: Vec<SeatSpec>,
    /// Piece kinds.
    pub pieces: Vec<PieceSpec>,
    /// Start position in FEN.
    pub start: String,
    /// Rule switches.
    #[serde(default)]
    pub rules: RulesSpec,
    /// Per-seat counters kept in the position.
    #[serde(default)]
    pub counters: Vec<CounterSpec>,
    /// Actions a seat may take instead of moving a piece.
    #[serde(default)]
    pub actions: Vec<ActionSpec>,
    /// Points scored in play (chess.com's free-for-all); none when absent.
    #[serde(default)]
    pub points: Option<PointsSpec>,
}

/// `[points]`: what each event of play scores, and how the scores end the
/// game. Every number is a setting; `docs/rules.md` says which were chosen.
/// Either chess.com's scoring (captures, mates, checks) or a hill (King of
/// the Hill: `hill` and `wins_at`, nothing else).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PointsSpec {
    /// Points for capturing a piece, by letter (`p = 1`); a kind left out
    /// scores nothing.
    #[serde(default)]
    pub pieces: std::collections::BTreeMap<String, i16>,
    /// For mating a player, to the seat whose piece gives the check.
    #[serde(default)]
    pub checkmate: i16,
    /// To a player who is stalemated (and leaves the game).
    #[serde(default)]
    pub stalemate: i16,
    /// For checking one, two, three... kings of other players with one
    /// move, indexed by the number of kings less one.
    #[serde(default)]
    pub checks: Vec<i16>,
    /// The same when every checking piece is one of `queens`.
    #[serde(default)]
    pub queen_checks: Vec<i16>,
    /// Letters of the kinds `queen_checks` applies to.
    #[serde(default)]
    pub queens: Vec<String>,
    /// To each player still in when the game is drawn by repetition, the
    /// fifty-move rule or insufficient material.
    #[serde(default)]
    pub draw: i16,
    /// With two players left, the leader may claim the win this many
    /// points ahead; no claim when absent.
    #[serde(default)]
    pub claim_margin: Option<i16>,
    /// A player who resigns or runs out of time stays on the board, its
    /// king moving at random ("dead king walking"); otherwise it leaves.
    #[serde(default)]
    pub dead_king_walking: bool,
    /// King of the Hill: the squares (`"d4"`) that score, at the start of
    /// each player's turn, one point per piece the player commands on them.
    #[serde(default)]
    pub hill: Vec<String>,
    /// With `hill`: the total (10 to 20) that wins, a team's seats' points
    /// added up.
    #[serde(default)]
    pub wins_at: Option<i16>,
}

/// `[[counters]]`: a number each seat keeps, raised by its own moves.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CounterSpec {
    /// Identifier, such as `checks`.
    pub name: String,
    /// What raises it by one: `checks` (a move that attacks an enemy royal
    /// piece) or `captures`.
    pub counts: String,
    /// The seat whose counter reaches this wins.
    #[serde(default)]
    pub wins_at: Option<u8>,
}

/// `[[actions]]`: a turn spent on something other than a piece move.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ActionSpec {
    /// Identifier, written as the move (`pass`).
    pub name: String,
    /// Times each seat may take it in one game; unlimited when absent.
    #[serde(default)]
    pub uses: Option<u8>,
    /// A seat may not take it on two of its turns in a row.
    #[serde(default)]
    pub not_twice_in_a_row: bool,
}

/// `[board]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardSpec {
    /// Files, 1 to 16.
    pub width: u8,
    /// Ranks, 1 to 16.
    pub height: u8,
    /// Squares cut out of the board.
    #[serde(default)]
    pub holes: Vec<String>,
    /// Size of the square cut out of each corner (3 for the four-player cross).
    #[serde(default)]
    pub corners: u8,
}

/// `[[seats]]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatSpec {
    /// Name, such as `white`.
    pub name: String,
    /// Which way is forward: `north`, `south`, `east` or `west`.
    pub forward: String,
    /// Team number; seats of one team are partners. Defaults to the seat's own index.
    #[serde(default)]
    pub team: Option<u8>,
}

/// `[[pieces]]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PieceSpec {
    /// Name, such as `knight`.
    pub name: String,
    /// One letter, with a leading `+` for a promoted kind (`+p`).
    pub letter: String,
    /// Movement in Betza notation.
    pub betza: String,
    /// Royal piece.
    #[serde(default)]
    pub royal: bool,
    /// Pawn.
    #[serde(default)]
    pub pawn: bool,
    /// Letters of the kinds it promotes to (`+p` for a promoted kind).
    #[serde(default)]
    pub promotions: Vec<String>,
    /// Ranks (from the owner's side, from 1) where its initial moves apply.
    #[serde(default)]
    pub initial_ranks: Vec<u8>,
}

/// `[rules]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct RulesSpec {
    /// Royal pieces may not be left attacked; mate wins.
    pub check: bool,
    /// Castling, if any.
    pub castling: Option<CastlingSpec>,
    /// Pawns that made an initial multi-step may be taken en passant.
    pub en_passant: bool,
    /// Number of far ranks where pawns promote (and must).
    pub promotion_ranks: u8,
    /// `draw`, `loss` or `win` for the side that is stalemated.
    pub stalemate: String,
    /// Moves by each side without capture or pawn move that draw the game.
    pub fifty_move: Option<u16>,
    /// Occurrences of one position that draw the game.
    pub repetition: Option<u8>,
    /// Dead positions (too little material to mate) are drawn.
    pub insufficient_material: bool,
    /// Start positions are drawn at random among the 960 of Fischer random chess.
    pub chess960: bool,
    /// A move that starts in the promotion zone promotes too (shogi).
    pub promotion_from_zone: bool,
    /// Captured pieces go to the capturer's hand and may be dropped.
    pub drops: bool,
    /// No pawn drop on a file holding an unpromoted pawn of the same side.
    pub one_pawn_per_file: bool,
    /// A repetition produced by one player's checks alone loses for that player.
    pub perpetual_check_loses: bool,
    /// A player may claim a draw when both royal pieces stand in their promotion zones.
    pub impasse: bool,
    /// Regicide: no check; royal pieces are captured, and a seat without one
    /// is frozen (it may only capture, or pass); a team with no royal left loses.
    pub regicide: bool,
    /// `wins` (the mated side loses the game), `removes` (the mated seat's
    /// pieces leave the board on its turn and the game goes on) or
    /// `transfers` (no check; a player whose last royal piece is captured is
    /// out, and every piece they command passes to the capturer).
    pub checkmate: String,
    /// When one seat of a team is out, the two opposing seats move as one army.
    pub combine_armies: bool,
    /// Pawns promote only to a kind their seat has fewer of than at the start.
    pub promote_to_lost: bool,
    /// Pawns also promote on the first rank of every seat not on their team.
    pub promote_on_enemy_back_ranks: bool,
    /// Partners' pawns meeting face to face may swap places as one move.
    pub partner_pawn_swap: bool,
    /// With `checkmate = "transfers"`: a player who starts a turn with one
    /// piece is out, and that piece leaves the board.
    pub lone_piece_loses: bool,
    /// With `checkmate = "transfers"`: on each of their first this many
    /// turns, a player may not leave an enemy royal piece attacked.
    pub no_check_turns: u8,
    /// When a team is out with more than two seats: `all-seats` (every
    /// seat of it has lost its royal piece) or `one-seat` (any has: a mate
    /// or a captured king ends the game for the whole team).
    pub team_out: String,
    /// Four seats in two teams of two whose partners are chosen when a
    /// game is created (the file's teams are the default).
    pub choose_partners: bool,
    /// With `checkmate = "transfers"`: a player's last royal piece may be
    /// captured only by a player whose previous move checked it (a check
    /// is declared whenever a move gives one).
    pub declare_check: bool,
    /// With `checkmate = "transfers"` (European Chess with Checks): a move
    /// that leaves the mover's own royal piece attacked is illegal while
    /// the mover has a move that does not.
    pub escape_check: bool,
    /// With `checkmate = "transfers"` (Capture the Flag): each seat's royal
    /// piece starts holding its flag; a team wins by bringing this many
    /// enemy flags to its players' royal pieces' starting squares (0: no
    /// flags).
    pub flags_to_win: u8,
    /// With `checkmate = "transfers"` (European Chess with Lightning):
    /// an army's nation changes, by a draw from the Lightning deck, each
    /// time it makes or suffers an ordinary capture.
    pub lightning: bool,
    /// Rules of this table a game may turn on when it is created (today:
    /// `declare_check`).
    pub optional: Vec<String>,
}

impl Default for RulesSpec {
    fn default() -> Self {
        RulesSpec {
            check: true,
            castling: None,
            en_passant: false,
            promotion_ranks: 1,
            stalemate: "draw".into(),
            fifty_move: None,
            repetition: None,
            insufficient_material: false,
            chess960: false,
            promotion_from_zone: false,
            drops: false,
            one_pawn_per_file: false,
            perpetual_check_loses: false,
            impasse: false,
            regicide: false,
            checkmate: "wins".into(),
            combine_armies: false,
            promote_to_lost: false,
            promote_on_enemy_back_ranks: false,
            partner_pawn_swap: false,
            lone_piece_loses: false,
            no_check_turns: 0,
            team_out: "all-seats".into(),
            choose_partners: false,
            declare_check: false,
            escape_check: false,
            flags_to_win: 0,
            lightning: false,
            optional: Vec::new(),
        }
    }
}

/// `[rules.castling]`: the king and a rook on the back rank swap past each other.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CastlingSpec {
    /// Letter of the castling king.
    pub king: String,
    /// Letter of the castling rook.
    pub rook: String,
    /// Files the king lands on: towards the low files, towards the high files.
    #[serde(default)]
    pub king_files: Option<[String; 2]>,
    /// Files the rook lands on, in the same order.
    #[serde(default)]
    pub rook_files: Option<[String; 2]>,
    /// Instead of landing files: the king moves this many squares towards the
    /// rook, which lands on the square next to it on the king's other side
    /// (four-player chess, where each seat's back rank runs its own way).
    #[serde(default)]
    pub king_steps: Option<u8>,
}
