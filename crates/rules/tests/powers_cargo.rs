mod common;
#[allow(dead_code)]
mod corners;
mod european_fen;
#[allow(dead_code)]
mod lineup_play;

use lineup_play::*;

#[test]
fn smoke() {
    let v = lineup("mycenae,default,default,default");
    let p = Pos::start(&v);
    println!("{}", p.to_fen());
    println!("{:?}", moves(&p));
    let p = play(&p, "cargo@b1c1=kbp");
    println!("{}", p.to_fen());
    println!("{:?}", moves(&p));
    println!("view {}", p.seen_by(None).to_fen());
    let p = play(&p, "cargo@b1b2=k");
    println!("{}", p.to_fen());
    println!("{:?}", moves(&p));
}
