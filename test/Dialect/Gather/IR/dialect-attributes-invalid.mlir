// The discardable `gather.*` attributes that the lowering puts on ops of
// other dialects are checked by the dialect's attribute verifier.
// RUN: gather-opt %s --split-input-file -verify-diagnostics

func.func @form_not_a_form(%m: memref<4xf32>) {
  // expected-error @+1 {{'gather.form' must be a #gather.form attribute, not "block-copy"}}
  scf.forall (%i) in (4) {
  } {gather.form = "block-copy"}
  return
}

// -----

func.func @form_auto(%m: memref<4xf32>) {
  // expected-error @+1 {{'gather.form' must name a form, not 'auto'}}
  scf.forall (%i) in (4) {
  } {gather.form = #gather.form<"auto">}
  return
}

// -----

func.func @wrap_not_unit(%c: i1, %a: index, %b: index) -> index {
  // expected-error @+1 {{'gather.wrap' must be a unit attribute}}
  %0 = arith.select %c, %a, %b {gather.wrap = 1 : i64} : index
  return %0 : index
}

// -----

func.func @inline_max_bytes_zero() {
  // expected-error @+1 {{'gather.inline_max_bytes' must be a positive integer}}
  scf.forall (%i) in (4) {
  } {gather.form = #gather.form<"block-copy">, gather.inline_max_bytes = 0 : i64}
  return
}

// -----

func.func @bounds_check_not_a_bounds_check() {
  // expected-error @+1 {{'gather.bounds_check' must be a #gather.bounds_check attribute}}
  scf.forall (%i) in (4) {
  } {gather.bounds_check = "assert"}
  return
}

// -----

func.func @outline_not_unit() {
  // expected-error @+1 {{'gather.outline' must be a unit attribute}}
  scf.execute_region no_inline {
    scf.yield
  } {gather.outline = 1 : i64}
  return
}

// -----

func.func @outline_not_on_a_region() {
  // expected-error @+1 {{'gather.outline' must be on an scf.execute_region}}
  scf.forall (%i) in (4) {
  } {gather.outline}
  return
}

// -----

func.func private @report(i64)

func.func @exiting_report_not_a_string(%v: i64) {
  // expected-error @+1 {{'gather.exiting_report' must be a string}}
  func.call @report(%v) {gather.exiting_report = 1 : i64} : (i64) -> ()
  return
}

// -----

func.func @unknown() {
  // expected-error @+1 {{unknown gather dialect attribute 'gather.unknown'}}
  scf.forall (%i) in (4) {
  } {gather.unknown}
  return
}
