//! The plain pages served until the browser client replaces them: the
//! live public games, and a game's links.

use crate::context::Context;
use axum::extract::{Path, State};
use axum::response::Html;
use std::fmt::Write;
use std::sync::Arc;

/// Text safe inside HTML.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// `GET /`: live public games and a link to the API description.
pub async fn index(State(ctx): State<Arc<Context>>) -> Html<String> {
    let mut rows = String::new();
    for game in ctx.lobby.list() {
        let players: Vec<String> = game
            .seats
            .iter()
            .map(|s| format!("{} ({})", escape(&s.name), s.kind))
            .collect();
        let _ = writeln!(
            rows,
            "<tr><td><a href=\"/game/{id}\">{id}</a></td><td>{variant}</td><td>{status}</td><td>{players}</td></tr>",
            id = escape(&game.id),
            variant = escape(&game.variant),
            status = game.status,
            players = players.join(", "),
        );
    }
    if rows.is_empty() {
        rows.push_str("<tr><td colspan=\"4\">No live public games.</td></tr>\n");
    }
    Html(format!(
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Tetrarch</title></head>\n\
         <body><h1>Tetrarch</h1>\n<p>Live games ({live} in all, public ones listed). \
         The API is described at <a href=\"/api/openapi.json\">/api/openapi.json</a>.</p>\n\
         <table><thead><tr><th>game</th><th>variant</th><th>status</th><th>seats</th></tr></thead>\n\
         <tbody>\n{rows}</tbody></table></body></html>\n",
        live = ctx.games.len(),
    ))
}

/// `GET /game/{id}`: the game's API links.
pub async fn game(Path(id): Path<String>) -> Html<String> {
    let id = escape(&id);
    Html(format!(
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Tetrarch game {id}</title></head>\n\
         <body><h1>Game {id}</h1><ul>\n\
         <li><a href=\"/api/games/{id}\">state (JSON)</a></li>\n\
         <li><a href=\"/api/games/{id}/stream\">event stream (NDJSON)</a></li>\n\
         <li><a href=\"/api/games/{id}/export\">record</a></li>\n\
         </ul><p><a href=\"/\">all games</a></p></body></html>\n"
    ))
}
