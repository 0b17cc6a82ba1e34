// Package rules is Baten's specification of the games: a variant is data
// (board size, piece kinds with their kinematics and letters, the start
// position, promotion, castling, en passant, capture rules, end rules), and
// one literal legal-move generator serves every variant so defined.
//
// The generator follows the definitions word for word and favours clarity
// over speed: it generates each piece's kinematic targets, filters them
// through the guards (own piece at the source, no friendly capture, the
// royal piece never left attacked, castling conditions, mandatory capture
// with maximal jump chains), and tests check by asking whether any enemy
// piece could capture the royal piece. The fast bitboard generators of the
// variant packages are tested against it.
package rules
