//go:build !purego

#include "textflag.h"

// func squaredDotAVX2(a *[dotChunk / 4]uint64, w *[dotChunk]int16, n int) int32
//
// Each 32 bytes of a hold sixteen units as int16s with their top bit
// flipped (lanesHigh); they are flipped back and clipped to 0…255 (v),
// v·w is taken in int16s (|w| ≤ netW2Max), and v·(v·w) summed in pairs
// into eight int32 sums, added at the end. n is the row's length in
// bytes, a multiple of 64.
TEXT ·squaredDotAVX2(SB), NOSPLIT, $0-28
	MOVQ a+0(FP), SI
	MOVQ w+8(FP), DI
	MOVQ n+16(FP), DX
	MOVL $0x80008000, AX
	VMOVD AX, X5
	VPBROADCASTD X5, Y5 // lanesHigh
	VPXOR Y6, Y6, Y6    // 0
	MOVL $0x00ff00ff, AX
	VMOVD AX, X7
	VPBROADCASTD X7, Y7 // netQA
	VPXOR Y0, Y0, Y0    // the sums
	VPXOR Y4, Y4, Y4    // a second set, so that the additions need not wait for one another
	XORQ CX, CX

dot:
	VMOVDQU (SI)(CX*1), Y1
	VMOVDQU 32(SI)(CX*1), Y2
	VPXOR Y5, Y1, Y1
	VPXOR Y5, Y2, Y2
	VPMAXSW Y6, Y1, Y1
	VPMAXSW Y6, Y2, Y2
	VPMINSW Y7, Y1, Y1
	VPMINSW Y7, Y2, Y2
	VPMULLW (DI)(CX*1), Y1, Y3
	VPMULLW 32(DI)(CX*1), Y2, Y8
	VPMADDWD Y3, Y1, Y1
	VPMADDWD Y8, Y2, Y2
	VPADDD Y1, Y0, Y0
	VPADDD Y2, Y4, Y4
	ADDQ $64, CX
	CMPQ CX, DX
	JNE dot

	VPADDD Y4, Y0, Y0
	VEXTRACTI128 $1, Y0, X1
	VPADDD X1, X0, X0
	VPSHUFD $0x4e, X0, X1
	VPADDD X1, X0, X0
	VPSHUFD $0xb1, X0, X1
	VPADDD X1, X0, X0
	VMOVD X0, AX
	MOVL AX, ret+24(FP)
	VZEROUPPER
	RET

// func addSubAVX2(dst, src, add, sub *accRow, n int)
//
// dst = src + add − sub, word by word as uint64s (accRow's arithmetic),
// four words at a time. n is the row's length in bytes, a multiple of 32.
TEXT ·addSubAVX2(SB), NOSPLIT, $0-40
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ add+16(FP), AX
	MOVQ sub+24(FP), BX
	MOVQ n+32(FP), DX
	XORQ CX, CX

words:
	VMOVDQU (SI)(CX*1), Y0
	VPADDQ (AX)(CX*1), Y0, Y0
	VPSUBQ (BX)(CX*1), Y0, Y0
	VMOVDQU Y0, (DI)(CX*1)
	ADDQ $32, CX
	CMPQ CX, DX
	JNE words
	VZEROUPPER
	RET
