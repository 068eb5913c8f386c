//===- gather-gen.cpp - generate, lower, run and check gather programs ----===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// Generates valid gather programs (gather-mlir/Fuzz), lowers them in batches
// with every pipeline configuration in turn (each batch under two of them),
// runs them through the execution harness and compares every result with
// the reference; programs that must stop (out-of-range indices under
// `assert`, run-time sizes that break a rule) must exit with status 1 and
// the right message. Prints every finding with a reproducer, then counts
// per kind and the line `N passed, N failed` (programs whose checks all
// passed / that have a finding).
//
//   gather-gen [--seed S] [--programs N] [--first ID] [--batch N]
//              [--seconds T] [--configs all|llvm|atb] [--no-fork]
//              [--no-casts] [--no-chains] [--no-nested] [--no-out-of-bounds]
//              [--no-mismatches] [--no-zero-sizes] [--no-producers]
//              [--producer-percent P] [--bag-percent P] [--no-bags]
//              [--max-findings N] [--print]
//
// A share of the program ids (--bag-percent, 25 by default; --no-bags: 0)
// are embedding-bag programs (gather-mlir/Fuzz/Bag.h): the op and its
// unfused reference, lowered together and compared bit for bit. They run
// under the gather-to-llvm configurations (with varied bag options), the
// other ids keep the gather program they have without bags.
//
// Every program runs in a forked child (--no-fork: only those that must
// stop and those with an index producer, faster, but a program that ends
// the process ends the run).
//
// --print writes the programs (their description and MLIR text) instead of
// running them: program N of seed S is the same in every run.
//
// Exit status 1 when there is a finding.
//
//===----------------------------------------------------------------------===//

#include "gather-mlir/Fuzz/Bag.h"
#include "gather-mlir/Fuzz/Driver.h"
#include "gather-mlir/Fuzz/Generator.h"
#include "gather-mlir/Harness/JIT.h"

#include "mlir/IR/MLIRContext.h"

#include "llvm/Support/raw_ostream.h"

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <map>
#include <set>
#include <string>

using namespace mlir::gather;
using namespace mlir::gather::fuzz;

namespace {

/// The command line.
struct Settings {
  uint64_t seed = 1, programs = 1000, first = 0, batch = 40, seconds = 0,
           maxFindings = 50;
  std::string configs = "all";
  /// Every program in a forked child: a program that ends the process
  /// (a crash, an unexpected exit) is a finding, not the end of the run.
  bool forkAll = true, print = false;
  GeneratorOptions options;
  BagOptions bags;
};

[[noreturn]] void usage() {
  llvm::errs()
      << "usage: gather-gen [--seed S] [--programs N] [--first ID] "
         "[--batch N] [--seconds T] [--configs all|llvm|atb] [--no-fork] "
         "[--no-casts] [--no-chains] [--no-nested] [--no-out-of-bounds] "
         "[--no-mismatches] [--no-zero-sizes] [--no-producers] "
         "[--producer-percent P] [--bag-percent P] [--no-bags] "
         "[--max-findings N] [--print]\n";
  std::exit(1);
}

/// Parses an unsigned decimal or 0x number; exits with a message otherwise.
uint64_t parseNumber(const char *flag, const char *text) {
  char *end = nullptr;
  errno = 0;
  uint64_t value = std::strtoull(text ? text : "", &end, 0);
  if (!text || !*text || *end || errno) {
    llvm::errs() << "gather-gen: " << flag << " needs a number, got '"
                 << (text ? text : "") << "'\n";
    std::exit(1);
  }
  return value;
}

Settings parseArguments(int argc, char **argv) {
  Settings s;
  std::map<std::string, uint64_t *> numbers = {
      {"--seed", &s.seed},       {"--programs", &s.programs},
      {"--first", &s.first},     {"--batch", &s.batch},
      {"--seconds", &s.seconds}, {"--max-findings", &s.maxFindings}};
  std::map<std::string, bool *> switchesOff = {
      {"--no-casts", &s.options.casts},
      {"--no-chains", &s.options.chains},
      {"--no-nested", &s.options.nestedModules},
      {"--no-out-of-bounds", &s.options.outOfBounds},
      {"--no-mismatches", &s.options.sizeMismatches},
      {"--no-zero-sizes", &s.options.zeroSizes},
      {"--no-producers", &s.options.producers}};
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    const char *next = i + 1 < argc ? argv[i + 1] : nullptr;
    if (numbers.count(arg)) {
      *numbers[arg] = parseNumber(argv[i], next), ++i;
    } else if (switchesOff.count(arg)) {
      *switchesOff[arg] = false;
    } else if (arg == "--producer-percent") {
      s.options.producerPercent = parseNumber(argv[i], next), ++i;
    } else if (arg == "--bag-percent") {
      s.bags.percent = parseNumber(argv[i], next), ++i;
    } else if (arg == "--no-bags") {
      s.bags.percent = 0;
    } else if (arg == "--configs" && next) {
      s.configs = next, ++i;
    } else if (arg == "--no-fork") {
      s.forkAll = false;
    } else if (arg == "--print") {
      s.print = true;
    } else {
      usage();
    }
  }
  if (s.batch == 0 || s.options.producerPercent > 100 || s.bags.percent > 100 ||
      (s.configs != "all" && s.configs != "llvm" && s.configs != "atb"))
    usage();
  return s;
}

/// The features of a program, for sorting findings.
std::string getFeatures(const Program &p) {
  std::string text;
  auto add = [&](const std::string &word) {
    text += (text.empty() ? "" : ",") + word;
  };
  if (!p.castTo.empty() ||
      p.steps[0].indicesSource != p.steps[0].indices.declared)
    add("tensor.cast");
  if (p.steps.size() > 1)
    add("chain");
  if (p.nested)
    add("nested-module");
  if (p.steps[0].producer)
    add(std::string("producer-") + getName(p.steps[0].producer->kind));
  if (p.expect == Expectation::OutOfBounds)
    add("out-of-bounds");
  if (p.expect == Expectation::SizeMismatch)
    add(p.note.rfind("batch", 0) == 0 ? "mismatch-batch" : "mismatch-result");
  bool zero = false;
  for (int64_t s : p.data.sizes)
    zero |= s == 0;
  for (const GatherStep &step : p.steps)
    for (int64_t s : step.indices.sizes)
      zero |= s == 0;
  if (zero)
    add("zero-size");
  if (text.empty())
    add("plain");
  return text;
}

/// The features of a bag program, for sorting findings.
std::string getFeatures(const BagProgram &p) {
  std::string text = std::string("bag-") + getName(p.mode);
  text += p.ragged ? (p.includeLastOffset ? ",ragged-last" : ",ragged")
                   : (p.batchDims ? ",fixed-batched" : ",fixed");
  if (p.weights)
    text += ",weights";
  if (p.paddingIdx)
    text += ",padding";
  if (p.fromPositiveZero)
    text += ",from-positive-zero";
  if (p.table.sizes.size() - p.batchDims != 2)
    text +=
        ",row-rank-" + std::to_string(p.table.sizes.size() - p.batchDims - 1);
  static const char *expectations[] = {"", ",id-out-of-range", ",bad-offsets",
                                       ",no-offsets"};
  return text + expectations[static_cast<int>(p.expect)];
}

/// Totals over the run.
struct Totals {
  unsigned generated = 0, printed = 0, producers = 0, producersOutOfRange = 0;
  unsigned bags = 0, raggedBags = 0, bagsThatStop = 0;
  BatchResult checks;
  std::map<std::string, unsigned> findingsByFeature;
  std::map<std::string, unsigned> runsPerConfig;
  std::set<unsigned> failedPrograms;
};

/// Adds `result` of `config` to `totals`, printing findings; `features`
/// names the features of each program of the batch by id.
void record(const Settings &s, const Config &config,
            const std::map<int64_t, std::string> &features,
            const BatchResult &result, Totals &totals) {
  ++totals.runsPerConfig[config.getName()];
  totals.checks.lowered += result.lowered;
  totals.checks.compared += result.compared;
  totals.checks.exits += result.exits;
  totals.checks.skipped += result.skipped;
  totals.checks.rejectedAsDocumented += result.rejectedAsDocumented;
  for (const Finding &f : result.findings) {
    std::string names = "?";
    if (f.program >= 0) {
      totals.failedPrograms.insert(f.program);
      auto it = features.find(f.program);
      if (it != features.end())
        names = it->second;
    }
    ++totals.findingsByFeature[f.kind + " [" + names + "]"];
    if (totals.printed++ < s.maxFindings)
      llvm::outs() << "=== finding: " << f.kind << " [" << names << "]\n"
                   << f.text << "\n";
  }
}

void printSummary(const Settings &s, const Totals &t, double elapsed) {
  llvm::raw_ostream &os = llvm::outs();
  os << "gather-gen: seed " << s.seed << ", " << t.generated
     << " programs (ids " << s.first << ".." << s.first + t.generated - 1
     << ") in " << static_cast<int64_t>(elapsed) << " s; " << t.checks.lowered
     << " lowerings, " << t.checks.compared << " results compared, "
     << t.checks.exits << " expected exits checked, "
     << t.checks.rejectedAsDocumented
     << " rejected at compile time with every index out of range, "
     << t.checks.skipped
     << " runs skipped (bad input under bounds-check=none)\n";
  os << "gather-gen: " << t.producers << " programs with an index producer, "
     << t.producersOutOfRange << " of them with out-of-range values\n";
  os << "gather-gen: " << t.bags << " embedding-bag programs (" << t.raggedBags
     << " ragged, " << t.bagsThatStop
     << " with an id out of range or malformed offsets), each against its "
        "unfused reference\n";
  os << "gather-gen: configurations used:\n";
  for (const auto &[name, runs] : t.runsPerConfig)
    os << "  " << runs << " batches  " << name << "\n";
  for (const auto &[kind, n] : t.findingsByFeature)
    os << "gather-gen: " << n << " findings " << kind << "\n";
  unsigned failed = t.failedPrograms.size();
  os << t.generated - failed << " passed, " << failed << " failed\n";
}

/// The configuration of the bags of batch `batchIndex`, run `k`: the
/// gather-to-llvm configurations in turn, with the bag options varied.
Config getBagConfig(const std::vector<Config> &llvmConfigs, unsigned batchIndex,
                    unsigned k) {
  unsigned n = 2 * batchIndex + k;
  Config c = llvmConfigs[n % llvmConfigs.size()];
  static const int64_t accumulators[] = {8, 1, 3};
  static const int64_t distances[] = {-1, 0, 1, 4};
  c.bagAccumulators = accumulators[n % 3];
  c.bagPrefetchDistance = distances[n / 3 % 4];
  return c;
}

} // namespace

int main(int argc, char **argv) {
  Settings s = parseArguments(argc, argv);
  if (s.print) {
    for (uint64_t id = s.first; id < s.first + s.programs; ++id)
      llvm::outs() << (isBagProgram(s.seed, id, s.bags)
                           ? describe(generateBagProgram(s.seed, id, s.bags))
                           : describe(generateProgram(s.seed, id, s.options)))
                   << "\n";
    return 0;
  }
  std::vector<Config> configs, llvmConfigs;
  for (const Config &c : getAllConfigs()) {
    if (s.configs == "all" || c.atb == (s.configs == "atb"))
      configs.push_back(c);
    if (!c.atb)
      llvmConfigs.push_back(c);
  }
  harness::initialize();
  auto start = std::chrono::steady_clock::now();
  Totals totals;
  unsigned batchIndex = 0;
  for (uint64_t id = s.first; id < s.first + s.programs;
       id += s.batch, ++batchIndex) {
    if (s.seconds && std::chrono::steady_clock::now() - start >=
                         std::chrono::seconds(s.seconds))
      break;
    unsigned count = std::min<uint64_t>(s.batch, s.first + s.programs - id);
    std::vector<Program> gathers;
    std::vector<BagProgram> bags;
    std::map<int64_t, std::string> features;
    for (uint64_t k = id; k < id + count; ++k) {
      if (isBagProgram(s.seed, k, s.bags)) {
        bags.push_back(generateBagProgram(s.seed, k, s.bags));
        features[k] = getFeatures(bags.back());
        continue;
      }
      gathers.push_back(generateProgram(s.seed, k, s.options));
      features[k] = getFeatures(gathers.back());
    }
    totals.generated += count;
    std::vector<const Program *> pointers;
    for (const Program &p : gathers) {
      pointers.push_back(&p);
      totals.producers += p.steps[0].producer != nullptr;
      totals.producersOutOfRange +=
          p.steps[0].producer && p.expect == Expectation::OutOfBounds;
    }
    std::vector<const BagProgram *> bagPointers;
    for (const BagProgram &p : bags) {
      bagPointers.push_back(&p);
      ++totals.bags;
      totals.raggedBags += p.ragged;
      totals.bagsThatStop += p.expect != BagExpectation::Match;
    }
    // A fresh context per batch keeps memory bounded.
    std::unique_ptr<mlir::MLIRContext> context = harness::createContext();
    for (unsigned k = 0; k < 2; ++k) {
      const Config &config = configs[(2 * batchIndex + k) % configs.size()];
      if (!pointers.empty())
        record(s, config, features,
               runBatch(*context, pointers, config, s.forkAll), totals);
      if (bagPointers.empty())
        continue;
      Config bagConfig = getBagConfig(llvmConfigs, batchIndex, k);
      record(s, bagConfig, features,
             runBagBatch(*context, bagPointers, bagConfig, s.forkAll), totals);
    }
    llvm::outs().flush();
  }
  printSummary(
      s, totals,
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count());
  return totals.failedPrograms.empty() ? 0 : 1;
}
