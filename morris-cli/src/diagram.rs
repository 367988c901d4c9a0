//! The board drawn in text, from the board's own tables: every point at its
//! grid coordinate, every drawn line between neighbours as `-`, `|`, `/` or
//! `\`. So each board (with or without diagonals, the Sotho centre, the
//! small and the 3×3 board) is drawn by the same code.

use morris_core::{Coord, Position};

/// Columns between neighbouring files, rows between neighbouring ranks:
/// two rows per four columns keeps diagonals at one character per row.
const DX: usize = 4;
const DY: usize = 2;

/// The board with the pieces, rank numbers on the left and files below.
pub fn draw(pos: &Position) -> String {
    let geo = pos.geometry();
    let n = geo.grid_size() as usize;
    let (width, height) = (DX * (n - 1) + 1, DY * (n - 1) + 1);
    let mut canvas = vec![vec![' '; width]; height];
    let at = |c: Coord| {
        let (f, r) = (c.file() as usize, c.rank() as usize);
        (DX * f, DY * (n - 1 - r.min(n - 1)))
    };
    for (a, b) in geo.segments() {
        line(&mut canvas, at(geo.coord(a)), at(geo.coord(b)));
    }
    for p in geo.points() {
        let (x, y) = at(geo.coord(p));
        if let Some(cell) = canvas.get_mut(y).and_then(|row| row.get_mut(x)) {
            // As in the position text: `L`, `D`, `X` for a dead marker
            // (RULES.md §7.2), `.` for an empty point.
            *cell = match pos.piece_at(p) {
                Some(c) => c.letter(),
                None if pos.markers().contains(p) => 'X',
                None => '.',
            };
        }
    }

    let mut out = String::new();
    for (y, row) in canvas.iter().enumerate() {
        let label = if y % DY == 0 {
            format!("{:>2} ", n - y / DY)
        } else {
            "   ".to_string()
        };
        let text: String = row.iter().collect();
        out.push_str(&label);
        out.push_str(text.trim_end());
        out.push('\n');
    }
    out.push_str("   ");
    let files: Vec<String> = (0..n).map(|f| char::from(b'a' + f as u8).to_string()).collect();
    out.push_str(&files.join(&" ".repeat(DX - 1)));
    out.push('\n');
    out
}

/// Draws the line between two points (not the points themselves).
fn line(canvas: &mut [Vec<char>], (x0, y0): (usize, usize), (x1, y1): (usize, usize)) {
    let (dx, dy) = (x1 as isize - x0 as isize, y1 as isize - y0 as isize);
    let glyph = match (dx.signum(), dy.signum()) {
        (_, 0) => '-',
        (0, _) => '|',
        // Rows run downwards, so right-and-up is `/`.
        (sx, sy) if sx != sy => '/',
        _ => '\\',
    };
    let steps = if dy == 0 {
        dx.unsigned_abs()
    } else {
        dy.unsigned_abs()
    };
    for i in 1..steps as isize {
        let (x, y) = if dy == 0 {
            (x0 as isize + i * dx.signum(), y0 as isize)
        } else {
            (x0 as isize + dx * i / dy.abs(), y0 as isize + i * dy.signum())
        };
        let cell = canvas.get_mut(y as usize).and_then(|row| row.get_mut(x as usize));
        if let Some(cell) = cell {
            *cell = match *cell {
                ' ' => glyph,
                c if c == glyph => c,
                _ => '+',
            };
        }
    }
}
