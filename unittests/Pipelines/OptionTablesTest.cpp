//===- OptionTablesTest.cpp - enum options list every value of a table ----===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The values of the enum options of every gather-mlir pass and pipeline come
// from one table per enum (GatherEnums.td for bounds-check, strategy and
// form; gather_atb_rules::kSocs for the Ascend SoCs). These tests read the
// options of every registered pass and pipeline from the registry's help
// text, so that an option with a value list of its own, or a value added to
// an enum but not to its table, fails here: every option that takes a value
// of one of the tables takes all of them, and each name parses, through the
// pass or pipeline options, back to itself.
//
//===----------------------------------------------------------------------===//

#include "gather-mlir/InitGather.h"
#include "gather-mlir/Pipelines/Pipelines.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <map>
#include <set>
#include <string>
#include <vector>

using namespace mlir;
using namespace mlir::gather;

namespace {

/// The names of one enum table, in its order.
struct Table {
  std::string enumName;
  std::vector<std::string> names;
};

template <typename Enum> Table getTable(const char *enumName) {
  Table table{enumName, {}};
  forEachEnumValue<Enum>([&](Enum value) {
    table.names.push_back(EnumTraits<Enum>::stringify(value).str());
  });
  return table;
}

std::vector<Table> getTables() {
  return {getTable<BoundsCheck>("BoundsCheck"),
          getTable<GatherLoweringStrategy>("GatherLoweringStrategy"),
          getTable<GatherForm>("GatherForm"), getTable<AscendSoc>("AscendSoc")};
}

/// One option of a registered pass or pipeline with a list of values.
struct ListedOption {
  std::string entry;
  bool isPipeline;
  std::string option;
  std::vector<std::string> values;
};

/// The pipelines of gather-mlir (the registry lists pipelines by name only).
constexpr const char *kPipelines[] = {"gather-to-affine", "gather-to-llvm",
                                      "gather-to-atb", "gather-to-mpi"};

/// Reads the options with value lists from registry help text: entries
/// (`--name`) at the smallest indent, their options (`--option=<value>`)
/// further in, and the options' values (`=value`).
void readListedOptions(StringRef help, bool isPipeline,
                       std::vector<ListedOption> &options) {
  std::string entry;
  size_t entryIndent = StringRef::npos;
  for (StringRef line : llvm::split(help, '\n')) {
    size_t indent = line.find_first_not_of(' ');
    if (indent == StringRef::npos || indent == 0)
      continue;
    StringRef word = line.drop_front(indent).split(' ').first;
    if (word.consume_front("--")) {
      if (entryIndent == StringRef::npos)
        entryIndent = indent;
      if (indent == entryIndent)
        entry = word.str();
      else
        options.push_back({entry, isPipeline, word.split('=').first.str(), {}});
    } else if (word.consume_front("=") && !options.empty() &&
               options.back().entry == entry) {
      options.back().values.push_back(word.str());
    }
  }
}

/// The options with value lists of every registered pass (from
/// mlir::printRegisteredPasses) and of every pipeline of kPipelines.
std::vector<ListedOption> getListedOptions() {
  std::vector<ListedOption> options;
  testing::internal::CaptureStdout();
  printRegisteredPasses();
  llvm::outs().flush();
  readListedOptions(testing::internal::GetCapturedStdout(),
                    /*isPipeline=*/false, options);
  for (const char *pipeline : kPipelines) {
    const PassPipelineInfo *info = PassPipelineInfo::lookup(pipeline);
    EXPECT_TRUE(info) << pipeline << " is not registered";
    if (!info)
      continue;
    testing::internal::CaptureStdout();
    info->printHelpStr(/*indent=*/2, info->getOptionWidth() + 4);
    llvm::outs().flush();
    readListedOptions(testing::internal::GetCapturedStdout(),
                      /*isPipeline=*/true, options);
  }
  llvm::erase_if(options,
                 [](const ListedOption &o) { return o.values.empty(); });
  return options;
}

/// The table whose names `option` lists some of, or null.
const Table *findTable(const std::vector<Table> &tables,
                       const ListedOption &option) {
  for (const Table &table : tables)
    for (const std::string &value : option.values)
      if (llvm::is_contained(table.names, value))
        return &table;
  return nullptr;
}

class OptionTables : public ::testing::Test {
protected:
  static void SetUpTestSuite() { registerGatherPasses(); }
};

/// Every option that takes a value of a table takes every value, in the
/// table's order; the options known to exist are found.
TEST_F(OptionTables, EveryEnumOptionListsTheWholeTable) {
  std::vector<Table> tables = getTables();
  std::map<std::string, std::set<std::string>> found;
  for (const ListedOption &option : getListedOptions()) {
    const Table *table = findTable(tables, option);
    if (!table)
      continue;
    EXPECT_EQ(option.values, table->names)
        << option.entry << " option " << option.option << " does not list "
        << table->enumName << " as its table does";
    found[table->enumName].insert(option.entry + " " + option.option);
  }
  const std::pair<const char *, const char *> cpuOptions[] = {
      {"bounds-check", "BoundsCheck"},
      {"strategy", "GatherLoweringStrategy"},
      {"form", "GatherForm"}};
  for (const char *pipeline : kPipelines)
    for (auto [option, enumName] : cpuOptions)
      EXPECT_EQ(found[enumName].count(std::string(pipeline) + " " + option), 1u)
          << pipeline << " " << option;
  EXPECT_EQ(found["AscendSoc"],
            (std::set<std::string>{"convert-gather-to-atb soc",
                                   "gather-to-atb soc"}));
  EXPECT_TRUE(found["BoundsCheck"].count("convert-gather-to-linalg "
                                         "bounds-check"));
  EXPECT_TRUE(found["BoundsCheck"].count("gather-shard-partition "
                                         "bounds-check"));
}

/// Parses `option=name` into the options of the pipeline `pipeline` and
/// returns them printed, or an error message.
std::string parsePipelineOption(StringRef pipeline, StringRef text) {
  std::string printed;
  llvm::raw_string_ostream os(printed);
  auto parse = [&](auto options) {
    if (failed(options.parseFromString(text)))
      os << "error: does not parse";
    else
      options.print(os);
  };
  if (pipeline == "gather-to-affine" || pipeline == "gather-to-llvm")
    parse(GatherPipelineOptions());
  else if (pipeline == "gather-to-atb")
    parse(GatherToATBPipelineOptions());
  else if (pipeline == "gather-to-mpi")
    parse(GatherToMPIPipelineOptions());
  else
    os << "error: no options struct for pipeline " << pipeline;
  return printed;
}

/// Adds the pass `pass` with the options `text` to a module pass manager and
/// returns the pipeline printed, or an error message.
std::string parsePassOption(StringRef pass, StringRef text) {
  std::string printed;
  llvm::raw_string_ostream os(printed);
  const PassInfo *info = PassInfo::lookup(pass);
  if (!info)
    return "error: no pass " + pass.str();
  OpPassManager pm(ModuleOp::getOperationName(),
                   OpPassManager::Nesting::Implicit);
  if (failed(info->addToPipeline(pm, text, [&](const Twine &message) {
        os << "error: " << message;
        return failure();
      })))
    return printed;
  pm.printAsTextualPipeline(os);
  return printed;
}

/// Every name of every table parses through each option that takes the
/// table and prints back as itself (its value's stringify).
TEST_F(OptionTables, EveryNameParsesThroughEveryOption) {
  std::vector<Table> tables = getTables();
  int checked = 0;
  for (const ListedOption &option : getListedOptions()) {
    const Table *table = findTable(tables, option);
    if (!table)
      continue;
    for (const std::string &name : table->names) {
      std::string text = option.option + "=" + name;
      std::string printed = option.isPipeline
                                ? parsePipelineOption(option.entry, text)
                                : parsePassOption(option.entry, text);
      // The option is printed with a space or brace before it.
      bool roundTrips = printed.find(" " + text) != std::string::npos ||
                        printed.find("{" + text) != std::string::npos;
      EXPECT_TRUE(roundTrips)
          << option.entry << ": " << text << " -> " << printed;
      ++checked;
    }
  }
  // At least the CPU options of the four pipelines.
  EXPECT_GE(checked, 4 * (3 + 2 + 5));
}

/// The SoC option of the pipeline and of the pass map each name of the rule
/// table to its AscendSoc value, and getAscendSocName maps it back.
TEST_F(OptionTables, SocNamesAreTheRuleTable) {
  EXPECT_EQ(kNumAscendSocs, gather_atb_rules::kNumSocs);
  forEachEnumValue<AscendSoc>([](AscendSoc soc) {
    const gather_atb_rules::SocRules &rules =
        gather_atb_rules::kSocs[static_cast<int>(soc)];
    EXPECT_EQ(getAscendSocName(soc), rules.name);
    EXPECT_EQ(getDescription(soc), rules.product);
    GatherToATBPipelineOptions pipeline;
    ASSERT_TRUE(
        succeeded(pipeline.parseFromString(std::string("soc=") + rules.name)));
    EXPECT_EQ(pipeline.soc, soc) << rules.name;
    std::string text = "soc=" + std::string(rules.name);
    std::string printed = parsePassOption("convert-gather-to-atb", text);
    EXPECT_NE(printed.find(text), std::string::npos) << printed;
  });
}

} // namespace
