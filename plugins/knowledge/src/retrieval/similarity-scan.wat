;; The vector index's scan (similarity-scan.ts): one dot product per stored vector, four lanes at
;; a time with four running sums. Compiled into similarity-scan-bytes.ts by
;; scripts/compile-similarity-scan.mjs; a test checks that the two agree.
(module
  (memory (export "memory") 1)
  ;; scores[r] = dot(matrix[r], query) for r < rows: byte offsets, `stride` floats a row (a multiple of 16).
  (func (export "scan") (param $matrix i32) (param $rows i32) (param $stride i32) (param $query i32) (param $scores i32)
    (local $row i32) (local $at i32) (local $end i32) (local $q i32)
    (local $a v128) (local $b v128) (local $c v128) (local $d v128)
    (local.set $end (i32.shl (local.get $stride) (i32.const 2)))
    (block $done
      (loop $rows_loop
        (br_if $done (i32.ge_u (local.get $row) (local.get $rows)))
        (local.set $a (v128.const i64x2 0 0))
        (local.set $b (v128.const i64x2 0 0))
        (local.set $c (v128.const i64x2 0 0))
        (local.set $d (v128.const i64x2 0 0))
        (local.set $at (i32.const 0))
        (block $row_done
          (loop $cols
            (br_if $row_done (i32.ge_u (local.get $at) (local.get $end)))
            (local.set $q (i32.add (local.get $query) (local.get $at)))
            (local.set $a (f32x4.add (local.get $a) (f32x4.mul (v128.load offset=0 (i32.add (local.get $matrix) (local.get $at))) (v128.load offset=0 (local.get $q)))))
            (local.set $b (f32x4.add (local.get $b) (f32x4.mul (v128.load offset=16 (i32.add (local.get $matrix) (local.get $at))) (v128.load offset=16 (local.get $q)))))
            (local.set $c (f32x4.add (local.get $c) (f32x4.mul (v128.load offset=32 (i32.add (local.get $matrix) (local.get $at))) (v128.load offset=32 (local.get $q)))))
            (local.set $d (f32x4.add (local.get $d) (f32x4.mul (v128.load offset=48 (i32.add (local.get $matrix) (local.get $at))) (v128.load offset=48 (local.get $q)))))
            (local.set $at (i32.add (local.get $at) (i32.const 64)))
            (br $cols)))
        (local.set $a (f32x4.add (f32x4.add (local.get $a) (local.get $b)) (f32x4.add (local.get $c) (local.get $d))))
        (f32.store (local.get $scores)
          (f32.add
            (f32.add (f32x4.extract_lane 0 (local.get $a)) (f32x4.extract_lane 1 (local.get $a)))
            (f32.add (f32x4.extract_lane 2 (local.get $a)) (f32x4.extract_lane 3 (local.get $a)))))
        (local.set $scores (i32.add (local.get $scores) (i32.const 4)))
        (local.set $matrix (i32.add (local.get $matrix) (local.get $end)))
        (local.set $row (i32.add (local.get $row) (i32.const 1)))
        (br $rows_loop)))))
