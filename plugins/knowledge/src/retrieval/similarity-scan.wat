;; The vector index's scans (similarity-scan.ts): one dot product per stored vector, of the float32
;; vectors four lanes at a time with four running sums, or of their int8 copies sixteen at a time.
;; Compiled into similarity-scan-bytes.ts by scripts/compile-similarity-scan.mjs; a test checks
;; that the two agree.
(module
  (memory (export "memory") 1)
  ;; dot(row, query) of `end` bytes of float32 each: four lanes at a time with four running sums.
  (func $dot (param $row i32) (param $end i32) (param $query i32) (result f32)
    (local $at i32) (local $q i32)
    (local $a v128) (local $b v128) (local $c v128) (local $d v128)
    (block $row_done
      (loop $cols
        (br_if $row_done (i32.ge_u (local.get $at) (local.get $end)))
        (local.set $q (i32.add (local.get $query) (local.get $at)))
        (local.set $a (f32x4.add (local.get $a) (f32x4.mul (v128.load offset=0 (i32.add (local.get $row) (local.get $at))) (v128.load offset=0 (local.get $q)))))
        (local.set $b (f32x4.add (local.get $b) (f32x4.mul (v128.load offset=16 (i32.add (local.get $row) (local.get $at))) (v128.load offset=16 (local.get $q)))))
        (local.set $c (f32x4.add (local.get $c) (f32x4.mul (v128.load offset=32 (i32.add (local.get $row) (local.get $at))) (v128.load offset=32 (local.get $q)))))
        (local.set $d (f32x4.add (local.get $d) (f32x4.mul (v128.load offset=48 (i32.add (local.get $row) (local.get $at))) (v128.load offset=48 (local.get $q)))))
        (local.set $at (i32.add (local.get $at) (i32.const 64)))
        (br $cols)))
    (local.set $a (f32x4.add (f32x4.add (local.get $a) (local.get $b)) (f32x4.add (local.get $c) (local.get $d))))
    (f32.add
      (f32.add (f32x4.extract_lane 0 (local.get $a)) (f32x4.extract_lane 1 (local.get $a)))
      (f32.add (f32x4.extract_lane 2 (local.get $a)) (f32x4.extract_lane 3 (local.get $a)))))
  ;; scores[i] = dot(matrix[list[i]], query) for i < count: byte offsets, `stride` floats a row (a
  ;; multiple of 16), `list` the rows to score.
  (func (export "scan_rows") (param $matrix i32) (param $list i32) (param $count i32) (param $stride i32) (param $query i32) (param $scores i32)
    (local $i i32) (local $end i32)
    (local.set $end (i32.shl (local.get $stride) (i32.const 2)))
    (block $done
      (loop $list_loop
        (br_if $done (i32.ge_u (local.get $i) (local.get $count)))
        (f32.store (local.get $scores)
          (call $dot (i32.add (local.get $matrix) (i32.mul (i32.load (local.get $list)) (local.get $end))) (local.get $end) (local.get $query)))
        (local.set $scores (i32.add (local.get $scores) (i32.const 4)))
        (local.set $list (i32.add (local.get $list) (i32.const 4)))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $list_loop))))
  ;; sums[r] = dot(bytes[r], query) for r < rows, exactly, in int32: int8 rows of `stride` bytes (a
  ;; multiple of 16) and an int16 query of `stride` values, small enough that no sum overflows.
  (func (export "scan_int8") (param $bytes i32) (param $rows i32) (param $stride i32) (param $query i32) (param $sums i32)
    (local $row i32) (local $at i32) (local $q i32) (local $v v128) (local $a v128) (local $b v128)
    (block $done
      (loop $rows_loop
        (br_if $done (i32.ge_u (local.get $row) (local.get $rows)))
        (local.set $a (v128.const i64x2 0 0))
        (local.set $b (v128.const i64x2 0 0))
        (local.set $at (i32.const 0))
        (block $row_done
          (loop $cols
            (br_if $row_done (i32.ge_u (local.get $at) (local.get $stride)))
            (local.set $v (v128.load (i32.add (local.get $bytes) (local.get $at))))
            (local.set $q (i32.add (local.get $query) (i32.shl (local.get $at) (i32.const 1))))
            (local.set $a (i32x4.add (local.get $a) (i32x4.dot_i16x8_s (i16x8.extend_low_i8x16_s (local.get $v)) (v128.load offset=0 (local.get $q)))))
            (local.set $b (i32x4.add (local.get $b) (i32x4.dot_i16x8_s (i16x8.extend_high_i8x16_s (local.get $v)) (v128.load offset=16 (local.get $q)))))
            (local.set $at (i32.add (local.get $at) (i32.const 16)))
            (br $cols)))
        (local.set $a (i32x4.add (local.get $a) (local.get $b)))
        (i32.store (local.get $sums)
          (i32.add
            (i32.add (i32x4.extract_lane 0 (local.get $a)) (i32x4.extract_lane 1 (local.get $a)))
            (i32.add (i32x4.extract_lane 2 (local.get $a)) (i32x4.extract_lane 3 (local.get $a)))))
        (local.set $sums (i32.add (local.get $sums) (i32.const 4)))
        (local.set $bytes (i32.add (local.get $bytes) (local.get $stride)))
        (local.set $row (i32.add (local.get $row) (i32.const 1)))
        (br $rows_loop)))))
