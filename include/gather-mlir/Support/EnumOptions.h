//===- EnumOptions.h - pass options over the gather enums -------*- C++ -*-===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The values of an enum option of a pass or pipeline, named as the enum's
// one table spells them (GatherEnums.td) and described by getDescription:
//
//   Option<BoundsCheck> boundsCheck{*this, "bounds-check", cl::desc("..."),
//                                   cl::init(BoundsCheck::Assert),
//                                   gather::enumValues<BoundsCheck>()};
//
// (in Passes.td: the option's extra argument
// `[{::mlir::gather::enumValues<::mlir::gather::BoundsCheck>()}]`).
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_MLIR_SUPPORT_ENUMOPTIONS_H
#define GATHER_MLIR_SUPPORT_ENUMOPTIONS_H

#include "gather-mlir/Dialect/Gather/IR/GatherEnums.h"

#include <cstdint>

namespace mlir::gather {

/// The spellings and the range of each option enum.
template <typename Enum> struct EnumTraits;

#define GATHER_ENUM_TRAITS(Enum)                                               \
  template <> struct EnumTraits<Enum> {                                        \
    static StringRef stringify(Enum value) { return stringify##Enum(value); }  \
    static std::optional<Enum> symbolize(uint32_t value) {                     \
      return symbolize##Enum(value);                                           \
    }                                                                          \
    static constexpr uint32_t getMax() { return getMaxEnumValFor##Enum(); }    \
  };
GATHER_ENUM_TRAITS(BoundsCheck)
GATHER_ENUM_TRAITS(GatherLoweringStrategy)
GATHER_ENUM_TRAITS(GatherForm)
#undef GATHER_ENUM_TRAITS

/// Calls `fn` with every value of `Enum`, in the order of the table.
template <typename Enum, typename Fn> void forEachEnumValue(Fn &&fn) {
  for (uint32_t i = 0; i <= EnumTraits<Enum>::getMax(); ++i)
    if (std::optional<Enum> value = EnumTraits<Enum>::symbolize(i))
      fn(*value);
}

/// A command-line modifier that adds every value of `Enum` to the parser of
/// an option, with its spelling and description.
template <typename Enum> struct EnumValues {
  template <typename Opt> void apply(Opt &option) const {
    forEachEnumValue<Enum>([&](Enum value) {
      option.getParser().addLiteralOption(EnumTraits<Enum>::stringify(value),
                                          value, getDescription(value));
    });
  }
};

template <typename Enum> EnumValues<Enum> enumValues() { return {}; }

} // namespace mlir::gather

#endif // GATHER_MLIR_SUPPORT_ENUMOPTIONS_H
