//===- gather-gen.cpp - generate, lower, run and check gather programs ----===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// Generates valid gather programs (GatherProgram.h), lowers them in batches
// with every pipeline configuration in turn (each batch under two of them),
// runs them with the ExecutionEngine and compares every result with the
// reference; programs that must stop (out-of-range indices under `assert`,
// run-time sizes that break a rule) must exit with status 1 and the right
// message. Prints every finding with a reproducer, then counts per kind and
// the line `N passed, N failed` (programs whose checks all passed / that
// have a finding).
//
//   gather-gen [--seed S] [--programs N] [--first ID] [--batch N]
//              [--seconds T] [--configs all|llvm|atb] [--fork-all]
//              [--no-casts] [--no-chains] [--no-nested] [--no-out-of-bounds]
//              [--no-mismatches] [--no-zero-sizes] [--max-findings N]
//              [--skip-known]
//
// --skip-known leaves out what the known defects listed in docs/Testing.md
// break (tensor.cast producers, chains, nested modules, run-time size
// mismatches, out-of-range values under parallel=true with assert), for a
// smoke run that must pass until they are fixed.
//
// Exit status 1 when there is a finding.
//
//===----------------------------------------------------------------------===//

#include "GatherProgram.h"

#include "mlir/IR/MLIRContext.h"

#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <map>
#include <set>
#include <string>

using namespace mlir::gather::fuzz;

namespace {

void usage() {
  llvm::errs()
      << "usage: gather-gen [--seed S] [--programs N] [--first ID] "
         "[--batch N] [--seconds T] [--configs all|llvm|atb] [--fork-all] "
         "[--no-casts] [--no-chains] [--no-nested] [--no-out-of-bounds] "
         "[--no-mismatches] [--no-zero-sizes] [--max-findings N] "
         "[--skip-known]\n";
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

/// The features of a program, for sorting findings.
std::string getFeatures(const Program &p) {
  std::string text;
  auto add = [&](const std::string &word) {
    text += (text.empty() ? "" : ",") + word;
  };
  if (!p.castTo.empty())
    add("tensor.cast");
  if (p.steps.size() > 1)
    add("chain");
  if (p.nested)
    add("nested-module");
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

} // namespace

int main(int argc, char **argv) {
  uint64_t seed = 1, programs = 1000, first = 0, batch = 40, seconds = 0,
           maxFindings = 50;
  std::string configsWanted = "all";
  bool forkAll = false, skipKnown = false;
  GeneratorOptions options;
  for (int i = 1; i < argc; ++i) {
    const char *arg = argv[i];
    const char *next = i + 1 < argc ? argv[i + 1] : nullptr;
    if (!std::strcmp(arg, "--seed")) {
      seed = parseNumber(arg, next), ++i;
    } else if (!std::strcmp(arg, "--programs")) {
      programs = parseNumber(arg, next), ++i;
    } else if (!std::strcmp(arg, "--first")) {
      first = parseNumber(arg, next), ++i;
    } else if (!std::strcmp(arg, "--batch")) {
      batch = parseNumber(arg, next), ++i;
    } else if (!std::strcmp(arg, "--seconds")) {
      seconds = parseNumber(arg, next), ++i;
    } else if (!std::strcmp(arg, "--max-findings")) {
      maxFindings = parseNumber(arg, next), ++i;
    } else if (!std::strcmp(arg, "--configs") && next) {
      configsWanted = next, ++i;
    } else if (!std::strcmp(arg, "--fork-all")) {
      forkAll = true;
    } else if (!std::strcmp(arg, "--skip-known")) {
      skipKnown = true;
      options.casts = options.chains = options.nestedModules = false;
      options.sizeMismatches = false;
    } else if (!std::strcmp(arg, "--no-casts")) {
      options.casts = false;
    } else if (!std::strcmp(arg, "--no-chains")) {
      options.chains = false;
    } else if (!std::strcmp(arg, "--no-nested")) {
      options.nestedModules = false;
    } else if (!std::strcmp(arg, "--no-out-of-bounds")) {
      options.outOfBounds = false;
    } else if (!std::strcmp(arg, "--no-mismatches")) {
      options.sizeMismatches = false;
    } else if (!std::strcmp(arg, "--no-zero-sizes")) {
      options.zeroSizes = false;
    } else {
      usage();
      return 1;
    }
  }
  if (batch == 0 || (configsWanted != "all" && configsWanted != "llvm" &&
                     configsWanted != "atb")) {
    usage();
    return 1;
  }
  std::vector<Config> configs;
  for (const Config &c : getAllConfigs())
    if (configsWanted == "all" || c.atb == (configsWanted == "atb"))
      configs.push_back(c);

  initialize();
  auto start = std::chrono::steady_clock::now();
  std::map<std::string, unsigned> findingsByKind;
  std::map<std::string, unsigned> findingsByFeature;
  std::set<unsigned> failedPrograms;
  std::map<std::string, unsigned> runsPerConfig;
  unsigned generated = 0, printed = 0, lowered = 0, compared = 0, exits = 0,
           skipped = 0;
  unsigned batchIndex = 0;
  for (uint64_t id = first; id < first + programs; id += batch, ++batchIndex) {
    if (seconds && std::chrono::steady_clock::now() - start >=
                       std::chrono::seconds(seconds))
      break;
    unsigned count = std::min<uint64_t>(batch, first + programs - id);
    std::vector<Program> all = generatePrograms(seed, id, count, options);
    generated += count;
    std::vector<const Program *> pointers;
    for (const Program &p : all)
      pointers.push_back(&p);
    // A fresh context per batch keeps memory bounded.
    std::unique_ptr<mlir::MLIRContext> context = makeContext();
    for (unsigned k = 0; k < 2; ++k) {
      const Config &config = configs[(2 * batchIndex + k) % configs.size()];
      std::vector<const Program *> selected;
      for (const Program *p : pointers)
        if (!skipKnown || !config.parallel ||
            config.boundsCheck != mlir::gather::BoundsCheck::Assert ||
            p->expect == Expectation::Match)
          selected.push_back(p);
      BatchResult result = runBatch(*context, selected, config, forkAll);
      ++runsPerConfig[config.getName()];
      lowered += result.lowered;
      compared += result.compared;
      exits += result.exits;
      skipped += result.skipped;
      for (const Finding &f : result.findings) {
        ++findingsByKind[f.kind];
        std::string features = "?";
        if (f.program >= 0) {
          failedPrograms.insert(f.program);
          features = getFeatures(all[f.program - id]);
        }
        ++findingsByFeature[f.kind + " [" + features + "]"];
        if (printed++ < maxFindings)
          llvm::outs() << "=== finding: " << f.kind << " [" << features << "]\n"
                       << f.text << "\n";
      }
    }
    llvm::outs().flush();
  }
  double elapsed =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  llvm::outs() << "gather-gen: seed " << seed << ", " << generated
               << " programs (ids " << first << ".." << first + generated - 1
               << ") in " << static_cast<int64_t>(elapsed) << " s; " << lowered
               << " lowerings, " << compared << " results compared, " << exits
               << " expected exits checked, " << skipped
               << " runs skipped (bad input under bounds-check=none)\n";
  llvm::outs() << "gather-gen: configurations used:\n";
  for (const auto &[name, runs] : runsPerConfig)
    llvm::outs() << "  " << runs << " batches  " << name << "\n";
  for (const auto &[kind, n] : findingsByFeature)
    llvm::outs() << "gather-gen: " << n << " findings " << kind << "\n";
  unsigned failed = failedPrograms.size();
  llvm::outs() << generated - failed << " passed, " << failed << " failed\n";
  return failed ? 1 : 0;
}
