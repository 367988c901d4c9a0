/**
 * Web tables (`import { openTables } from "morris-wasm/web-tables"`): Nine's
 * win/draw/loss tables read from any static host by HTTP range requests, in
 * a WebAssembly module of its own (initialised on import), so that pages
 * using only the engine never download it. A position is given as its
 * position text or as a `Game` of any of the package's modules
 * (`tables.probe(game)` reads `game.position()`). `TableValue`, `MoveValue`,
 * `RemoteStats` and the errors' names are documented under `morris-wasm`.
 *
 * @module morris-wasm/web-tables
 */
export { openTables, RemoteTables, type PositionLike } from "../pkg/web-tables/index.js";
