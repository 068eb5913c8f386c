/* The driver of scripts/ci/bags-asan.sh: runs one case of malformed offsets
 * (those of test/Integration/Bags/malformed_offsets.mlir and more) through
 * one bag function of Inputs/bags-asan.mlir, lowered by gather-to-llvm and
 * compiled with AddressSanitizer. Every input is a heap buffer of exactly
 * its size (malloc'd ids, offsets, weights, table), passed through the
 * memref C interface (llvm.emit_c_interface), so that a read of one
 * element past any of them is a heap-buffer-overflow report.
 *
 *   bags-asan-driver --plan        one line per run: case, function, mode,
 *                                  and what assert, clamp and none must do
 *                                  (finish, stop, asan), and whether the
 *                                  result's values are checked
 *   bags-asan-driver CASE FUNCTION runs it and prints the result
 *
 * The table has 5 rows, row r = [r + 1, 10 (r + 1)]; the ids are 0 1 2 3 4
 * 0 1 2 3 (N = 9) unless a case says otherwise; every weight is 2.
 *
 * The lines below starting with a case name (and, for results, `-` and the
 * mode) are what FileCheck expects of the run's output: the message of
 * each case that stops, the values of each result that is checked, worked
 * out by hand. */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Ranked memref descriptors of the C interface. */
typedef struct {
  float *allocated, *aligned;
  int64_t offset, sizes[2], strides[2];
} Matrix;
typedef struct {
  int64_t *allocated, *aligned;
  int64_t offset, sizes[1], strides[1];
} IndexVector;
typedef struct {
  float *allocated, *aligned;
  int64_t offset, sizes[1], strides[1];
} FloatVector;

typedef void BagFunction(Matrix *, Matrix *, IndexVector *, IndexVector *);
typedef void WeightedBagFunction(Matrix *, Matrix *, IndexVector *,
                                 IndexVector *, FloatVector *);

#define DECLARE(name)                                                          \
  void _mlir_ciface_##name(Matrix *, Matrix *, IndexVector *, IndexVector *);
#define DECLARE_WEIGHTED(name)                                                 \
  void _mlir_ciface_##name(Matrix *, Matrix *, IndexVector *, IndexVector *,   \
                           FloatVector *);
DECLARE(sum_vec)
DECLARE(sum_vec_last)
DECLARE(sum_gen)
DECLARE(sum_gen_last)
DECLARE(mean_vec)
DECLARE(mean_vec_last)
DECLARE(mean_gen)
DECLARE(mean_gen_last)
DECLARE(max_vec)
DECLARE(max_vec_last)
DECLARE(max_gen)
DECLARE(max_gen_last)
DECLARE_WEIGHTED(wsum_vec)
DECLARE_WEIGHTED(wsum_vec_last)
DECLARE_WEIGHTED(wsum_gen)
DECLARE_WEIGHTED(wsum_gen_last)

typedef struct {
  const char *name, *mode;
  int last;
  BagFunction *bag;
  WeightedBagFunction *weighted;
} Function;

#define BAG(name, mode, last) {#name, mode, last, _mlir_ciface_##name, NULL}
#define WEIGHTED(name, last) {#name, "wsum", last, NULL, _mlir_ciface_##name}
static const Function functions[] = {
    BAG(sum_vec, "sum", 0),   BAG(sum_vec_last, "sum", 1),
    BAG(sum_gen, "sum", 0),   BAG(sum_gen_last, "sum", 1),
    BAG(mean_vec, "mean", 0), BAG(mean_vec_last, "mean", 1),
    BAG(mean_gen, "mean", 0), BAG(mean_gen_last, "mean", 1),
    BAG(max_vec, "max", 0),   BAG(max_vec_last, "max", 1),
    BAG(max_gen, "max", 0),   BAG(max_gen_last, "max", 1),
    WEIGHTED(wsum_vec, 0),    WEIGHTED(wsum_vec_last, 1),
    WEIGHTED(wsum_gen, 0),    WEIGHTED(wsum_gen_last, 1),
};

/* What a run must do under one bounds-check. */
#define FINISH "finish"
#define STOP "stop"
#define ASAN "asan"

typedef struct {
  const char *name;
  /* Which functions: with include_last_offset or without. */
  int last;
  /* -1: the default ids. */
  int64_t numIds;
  int64_t ids[9];
  int64_t numOffsets;
  int64_t offsets[3];
  const char *onAssert, *onClamp, *onNone;
  /* The result's values are checked (lines `<case>-<mode>:` below). */
  int values;
} Case;

static const Case cases[] = {
    // valid-sum: result valid sum_{{[a-z]+}}: [2x2] 10 100 | 15 150{{$}}
    // valid-mean: result valid mean_{{[a-z]+}}: [2x2] 2.5 25 | 3 30{{$}}
    // valid-max: result valid max_{{[a-z]+}}: [2x2] 4 40 | 5 50{{$}}
    // valid-wsum: result valid wsum_{{[a-z]+}}: [2x2] 20 200 | 30 300{{$}}
    {"valid", 0, -1, {0}, 2, {0, 4}, FINISH, FINISH, FINISH, 1},
    // valid_last-sum: result valid_last sum_{{[a-z]+}}_last: [2x2] 10 100 | 15
    // 150{{$}}
    // valid_last-mean: result valid_last mean_{{[a-z]+}}_last: [2x2] 2.5 25 | 3
    // 30{{$}}
    // valid_last-max: result valid_last max_{{[a-z]+}}_last: [2x2] 4 40 | 5
    // 50{{$}}
    // valid_last-wsum: result valid_last wsum_{{[a-z]+}}_last: [2x2] 20 200 |
    // 30 300{{$}}
    {"valid_last", 1, -1, {0}, 3, {0, 4, 9}, FINISH, FINISH, FINISH, 1},
    // No ids, two empty bags: zeros, and the empty ids buffer is not read.
    // no_ids-sum: result no_ids sum_{{[a-z]+}}: [2x2] 0 0 | 0 0{{$}}
    // no_ids-mean: result no_ids mean_{{[a-z]+}}: [2x2] 0 0 | 0 0{{$}}
    // no_ids-max: result no_ids max_{{[a-z]+}}: [2x2] 0 0 | 0 0{{$}}
    // no_ids-wsum: result no_ids wsum_{{[a-z]+}}: [2x2] 0 0 | 0 0{{$}}
    {"no_ids", 0, 0, {0}, 2, {0, 0}, FINISH, FINISH, FINISH, 1},
    // first_not_zero: gather: embedding_bag offsets must start at 0 without
    // include_last_offset, but offsets[0] is 1
    {"first_not_zero", 0, -1, {0}, 2, {1, 3}, STOP, FINISH, FINISH, 0},
    // end_past_ids: gather: embedding_bag bag 0 ends at offset 12, outside [0,
    // 9] (the number of ids)
    {"end_past_ids", 0, -1, {0}, 2, {0, 12}, STOP, FINISH, FINISH, 0},
    // end_past_ids_last: gather: embedding_bag bag 1 ends at offset 12, outside
    // [0, 9] (the number of ids)
    {"end_past_ids_last", 1, -1, {0}, 3, {0, 3, 12}, STOP, FINISH, FINISH, 0},
    // start_past_ids_last: gather: embedding_bag bag 0 starts at offset 10,
    // outside [0, 9] (the number of ids)
    {"start_past_ids_last", 1, -1, {0}, 2, {10, 9}, STOP, FINISH, FINISH, 0},
    // negative_start_last: gather: embedding_bag bag 0 starts at offset -2,
    // outside [0, 9] (the number of ids)
    {"negative_start_last", 1, -1, {0}, 2, {-2, 3}, STOP, FINISH, FINISH, 0},
    // negative_end: gather: embedding_bag bag 0 ends at offset -1, outside [0,
    // 9] (the number of ids)
    {"negative_end", 0, -1, {0}, 2, {0, -1}, STOP, FINISH, FINISH, 0},
    // decreasing: gather: embedding_bag offsets decrease at bag 1: it starts at
    // 5 but ends at 3
    {"decreasing", 0, -1, {0}, 3, {0, 5, 3}, STOP, FINISH, FINISH, 0},
    // decreasing_last: gather: embedding_bag offsets decrease at bag 1: it
    // starts at 5 but ends at 3
    {"decreasing_last", 1, -1, {0}, 3, {0, 5, 3}, STOP, FINISH, FINISH, 0},
    // huge_end_last: gather: embedding_bag bag 0 ends at offset
    // 9223372036854775807, outside [0, 9] (the number of ids)
    {"huge_end_last", 1, -1, {0}, 2, {0, INT64_MAX}, STOP, FINISH, FINISH, 0},
    // most_negative_end: gather: embedding_bag bag 0 ends at offset
    // -9223372036854775808, outside [0, 9] (the number of ids)
    {"most_negative_end",
     0,
     -1,
     {0},
     2,
     {0, INT64_MIN},
     STOP,
     FINISH,
     FINISH,
     0},
    // No offsets with include_last_offset: reported under assert and clamp
    // (a size check), no bags under none (the empty offsets buffer is not
    // read).
    // no_offset_last: gather: embedding_bag with include_last_offset needs at
    // least one offset, but has 0
    // no_offset_last-sum: result no_offset_last sum_{{[a-z]+}}_last: [0x2]{{$}}
    // no_offset_last-mean: result no_offset_last mean_{{[a-z]+}}_last:
    // [0x2]{{$}}
    // no_offset_last-max: result no_offset_last max_{{[a-z]+}}_last: [0x2]{{$}}
    // no_offset_last-wsum: result no_offset_last wsum_{{[a-z]+}}_last:
    // [0x2]{{$}}
    {"no_offset_last", 1, -1, {0}, 0, {0}, STOP, STOP, FINISH, 1},
    // Offsets 0, 12, 3 over 9 ids: clamped to bag 0 = [0, 9) (rows 0 1 2
    // 3 4 0 1 2 3), bag 1 = [9, 9) (its end 3 is below its start 9, which
    // is 12 clamped), bag 2 = [3, 9) (rows 3 4 0 1 2 3); means 25/9,
    // 250/9, 19/6 and 190/6.
    // clamped: gather: embedding_bag bag 0 ends at offset 12, outside [0, 9]
    // (the number of ids)
    // clamped-sum: result clamped sum_{{[a-z]+}}: [3x2] 25 250 | 0 0 | 19
    // 190{{$}}
    // clamped-mean: result clamped mean_{{[a-z]+}}: [3x2] 2.77778 27.7778 | 0 0
    // | 3.16667 31.6667{{$}}
    // clamped-max: result clamped max_{{[a-z]+}}: [3x2] 5 50 | 0 0 | 5 50{{$}}
    // clamped-wsum: result clamped wsum_{{[a-z]+}}: [3x2] 50 500 | 0 0 | 38
    // 380{{$}}
    {"clamped", 0, -1, {0}, 3, {0, 12, 3}, STOP, FINISH, FINISH, 1},
    // The controls: an id out of range, which `none` trusts and reads one
    // row past the table (or, -6 wrapped to -1, one row before it). ASan
    // must report the read, which shows that the bag code is instrumented.
    // Under clamp the ids are clamped to rows 0 and 4, and rows 0 and 0.
    // id_past_table: gather: index 5 is out of bounds for a dimension of size 5
    // id_past_table-sum: result id_past_table sum_{{[a-z]+}}: [1x2] 6 60{{$}}
    // id_past_table-mean: result id_past_table mean_{{[a-z]+}}: [1x2] 3 30{{$}}
    // id_past_table-max: result id_past_table max_{{[a-z]+}}: [1x2] 5 50{{$}}
    // id_past_table-wsum: result id_past_table wsum_{{[a-z]+}}: [1x2] 12
    // 120{{$}}
    // id_before_table: gather: index -6 is out of bounds for a dimension of
    // size 5
    // id_before_table-sum: result id_before_table sum_{{[a-z]+}}: [1x2] 2
    // 20{{$}}
    // id_before_table-mean: result id_before_table mean_{{[a-z]+}}: [1x2] 1
    // 10{{$}}
    // id_before_table-max: result id_before_table max_{{[a-z]+}}: [1x2] 1
    // 10{{$}}
    // id_before_table-wsum: result id_before_table wsum_{{[a-z]+}}: [1x2] 4
    // 40{{$}}
    {"id_past_table", 0, 2, {0, 5}, 1, {0}, STOP, FINISH, ASAN, 1},
    {"id_before_table", 0, 2, {0, -6}, 1, {0}, STOP, FINISH, ASAN, 1},
};

#define COUNT(array) (sizeof(array) / sizeof((array)[0]))

/* A heap buffer of exactly `bytes` bytes holding `data`. */
static void *copyToHeap(const void *data, size_t bytes) {
  void *p = malloc(bytes);
  if (!p && bytes) {
    perror("malloc");
    exit(2);
  }
  if (bytes)
    memcpy(p, data, bytes);
  return p;
}

static int run(const Case *c, const Function *f) {
  static const int64_t defaultIds[9] = {0, 1, 2, 3, 4, 0, 1, 2, 3};
  int64_t numIds = c->numIds < 0 ? 9 : c->numIds;
  const int64_t *idValues = c->numIds < 0 ? defaultIds : c->ids;
  float tableValues[10];
  for (int r = 0; r < 5; ++r) {
    tableValues[2 * r] = (float)(r + 1);
    tableValues[2 * r + 1] = (float)(10 * (r + 1));
  }
  float weightValues[9];
  for (int n = 0; n < 9; ++n)
    weightValues[n] = 2.0f;

  float *table = copyToHeap(tableValues, sizeof(tableValues));
  int64_t *ids = copyToHeap(idValues, numIds * sizeof(int64_t));
  int64_t *offsets = copyToHeap(c->offsets, c->numOffsets * sizeof(int64_t));
  float *weights = copyToHeap(weightValues, numIds * sizeof(float));

  Matrix tableArg = {table, table, 0, {5, 2}, {2, 1}};
  IndexVector idsArg = {ids, ids, 0, {numIds}, {1}};
  IndexVector offsetsArg = {offsets, offsets, 0, {c->numOffsets}, {1}};
  FloatVector weightsArg = {weights, weights, 0, {numIds}, {1}};
  Matrix result;
  memset(&result, 0, sizeof(result));
  if (f->weighted)
    f->weighted(&result, &tableArg, &idsArg, &offsetsArg, &weightsArg);
  else
    f->bag(&result, &tableArg, &idsArg, &offsetsArg);

  printf("result %s %s: [%lldx%lld]", c->name, f->name,
         (long long)result.sizes[0], (long long)result.sizes[1]);
  for (int64_t b = 0; b < result.sizes[0]; ++b)
    for (int64_t d = 0; d < result.sizes[1]; ++d)
      printf("%s %g", b > 0 && d == 0 ? " |" : "",
             result.aligned[result.offset + b * result.strides[0] +
                            d * result.strides[1]]);
  printf("\n");
  free(result.allocated);
  free(table);
  free(ids);
  free(offsets);
  free(weights);
  return 0;
}

int main(int argc, char **argv) {
  if (argc == 2 && !strcmp(argv[1], "--plan")) {
    for (size_t k = 0; k < COUNT(cases); ++k)
      for (size_t j = 0; j < COUNT(functions); ++j)
        if (functions[j].last == cases[k].last)
          printf("%s %s %s %s %s %s %d\n", cases[k].name, functions[j].name,
                 functions[j].mode, cases[k].onAssert, cases[k].onClamp,
                 cases[k].onNone, cases[k].values);
    return 0;
  }
  if (argc != 3) {
    fprintf(stderr, "usage: %s --plan | CASE FUNCTION\n", argv[0]);
    return 2;
  }
  for (size_t k = 0; k < COUNT(cases); ++k)
    for (size_t j = 0; j < COUNT(functions); ++j)
      if (!strcmp(cases[k].name, argv[1]) &&
          !strcmp(functions[j].name, argv[2]))
        return run(&cases[k], &functions[j]);
  fprintf(stderr, "%s: no case %s with function %s\n", argv[0], argv[1],
          argv[2]);
  return 2;
}
