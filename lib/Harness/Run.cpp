//===- Run.cpp - time calls, run calls that must stop the process ---------===//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//

#include "gather-mlir/Harness/Run.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <numeric>
#include <random>
#include <sys/wait.h>
#include <unistd.h>

#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::gather::harness;

double mlir::gather::harness::secondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

double mlir::gather::harness::getMedian(std::vector<double> values) {
  if (values.empty())
    return 0;
  std::sort(values.begin(), values.end());
  size_t mid = values.size() / 2;
  if (values.size() % 2)
    return values[mid];
  return (values[mid - 1] + values[mid]) / 2;
}

std::vector<std::vector<double>>
mlir::gather::harness::timeInterleaved(ArrayRef<std::function<void()>> runs,
                                       unsigned reps, unsigned callsPerSample) {
  std::vector<std::vector<double>> samples(runs.size());
  unsigned calls = std::max(1u, callsPerSample);
  // Each round in an order of its own (a fixed seed: the same orders in
  // every process), and each sample after one untimed call of its own run.
  // A run's time depends on what the run before it left in the caches: in
  // a fixed cyclic order, the first of two identical variants ran 5-8%
  // slower than the second (W6 of gather-bench on an Intel Xeon), always
  // after the same other variant; shuffled, the median of nine samples of
  // W3 moved by up to 1.4x with the runs that happened to come before.
  std::vector<size_t> order(runs.size());
  std::iota(order.begin(), order.end(), 0);
  std::mt19937 random(20261206);
  for (unsigned rep = 0; rep < reps; ++rep) {
    std::shuffle(order.begin(), order.end(), random);
    for (size_t which : order) {
      runs[which]();
      Clock::time_point start = Clock::now();
      for (unsigned c = 0; c < calls; ++c)
        runs[which]();
      samples[which].push_back(secondsSince(start) / calls);
    }
  }
  return samples;
}

namespace {
/// Set in a forked child: the child exits from the middle of the parent's
/// work, so what the parent still owns is not a leak of the child.
bool inForkedChild = false;

/// Reads `fd` to its end into `text`, keeping at most 64 KiB.
void readAll(int fd, std::string &text) {
  char chunk[4096];
  ssize_t got;
  while ((got = read(fd, chunk, sizeof(chunk))) != 0) {
    if (got < 0) {
      if (errno == EINTR)
        continue;
      break;
    }
    if (text.size() < 65536)
      text.append(chunk, got);
  }
}
} // namespace

/// LeakSanitizer asks this before its exit-time check (sanitizer builds).
extern "C" int __lsan_is_turned_off() { return inForkedChild; }

ChildResult mlir::gather::harness::runInChild(llvm::function_ref<void()> body,
                                              unsigned timeoutSeconds) {
  ChildResult result;
  int fds[2];
  if (pipe(fds) != 0)
    return result;
  llvm::outs().flush();
  llvm::errs().flush();
  fflush(nullptr);
  pid_t pid = fork();
  if (pid == 0) {
    // A body that hangs instead of exiting is a finding, not a hang of the
    // caller.
    alarm(timeoutSeconds);
    inForkedChild = true;
    close(fds[0]);
    dup2(fds[1], 2);
    dup2(fds[1], 1);
    body();
    _exit(kChildReturned);
  }
  close(fds[1]);
  if (pid < 0) {
    close(fds[0]);
    return result;
  }
  readAll(fds[0], result.output);
  close(fds[0]);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (WIFEXITED(status))
    result.status = WEXITSTATUS(status);
  else if (WIFSIGNALED(status))
    result.status = 128 + WTERMSIG(status);
  return result;
}

const char *mlir::gather::harness::checkExpectedExit(const ChildResult &child,
                                                     llvm::StringRef want,
                                                     std::string &message) {
  if (child.status == 1 && llvm::StringRef(child.output).contains(want))
    return nullptr;
  message = "expected exit status 1 and '" + want.str() + "' on stderr, got ";
  message += child.status == kChildReturned
                 ? std::string("a normal return")
                 : "status " + std::to_string(child.status);
  message += "; stderr: " + child.output.substr(0, 2000) + "\n";
  return child.status == kChildReturned ? "missing-exit"
         : child.status > 128           ? "crash"
                                        : "wrong-exit";
}

const char *
mlir::gather::harness::runCheckInChild(llvm::function_ref<std::string()> check,
                                       llvm::StringRef label,
                                       std::string &message) {
  // The exit status of a child whose check found something wrong.
  constexpr int kWrong = 3;
  ChildResult child = runInChild([&] {
    std::string problems = check();
    if (!problems.empty()) {
      ssize_t ignored = write(2, problems.data(), problems.size());
      (void)ignored;
      _exit(kWrong);
    }
  });
  if (child.status == kChildReturned)
    return nullptr;
  message = "status " + std::to_string(child.status) + label.str() + "\n" +
            child.output;
  return child.status == kWrong ? "wrong-result" : "crash";
}
