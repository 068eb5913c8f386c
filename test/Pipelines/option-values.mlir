// The values of the enum options, as `gather-opt --help` lists them, come
// from one table each: the SoCs from the ATB rule table (name, product) for
// the pass and the pipeline, the bounds-check modes from GatherEnums.td.
// (unittests/Pipelines/OptionTablesTest.cpp checks every option and value.)
// RUN: gather-opt --help | FileCheck %s

// CHECK:      --convert-gather-to-atb
// CHECK:        --soc=<value>
// CHECK-NEXT:   =ascend910b    {{.*}} Atlas A2 training/inference
// CHECK-NEXT:   =ascend910_93  {{.*}} Atlas A3 training/inference
// CHECK-NEXT:   =ascend910     {{.*}} Atlas training (910A)
// CHECK-NEXT:   =ascend310p    {{.*}} Atlas inference (310P)
// CHECK-NEXT:   =ascend310b    {{.*}} Atlas 200I/500 A2 inference (310B)
// CHECK-NEXT:   =ascend950     {{.*}} Atlas 350 (Ascend 950)

// CHECK:      --gather-shard-partition
// CHECK:        --bounds-check=<value>
// CHECK-NEXT:   =assert
// CHECK-NEXT:   =clamp
// CHECK-NEXT:   =none

// CHECK:      --gather-to-atb
// CHECK:        --soc=<value>
// CHECK-NEXT:   =ascend910b
// CHECK-NEXT:   =ascend910_93
// CHECK-NEXT:   =ascend910
// CHECK-NEXT:   =ascend310p
// CHECK-NEXT:   =ascend310b
// CHECK-NEXT:   =ascend950
