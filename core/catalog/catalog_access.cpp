#include "catalog/catalog_access.h"

#include <cerrno>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <sstream>

#include <signal.h>
#include <unistd.h>

namespace fp {
namespace {

std::mutex& policyMutex()
{
    static std::mutex m;
    return m;
}

CatalogWaitPolicy& currentPolicy()
{
    static CatalogWaitPolicy policy;
    return policy;
}

std::string busyMessage(const std::string& holder)
{
    return "the catalog is busy: " +
           (holder.empty() ? std::string("another FabricPlan process is writing it") : holder + " is writing it");
}

bool processAlive(long pid)
{
    if (pid <= 0) return false;
    return ::kill(static_cast<pid_t>(pid), 0) == 0 || errno == EPERM;
}

} // namespace

CatalogBusyError::CatalogBusyError(const std::string& path, std::string holder_)
    : UserError(busyMessage(holder_), path,
                "wait for the import to finish, or close the other FabricPlan window, then try again"),
      holder(std::move(holder_))
{
}

CatalogDamagedError::CatalogDamagedError(const std::string& path, std::string reason_)
    : UserError("the catalog file is damaged (SQLite: " + reason_ + ")", path,
                "the file was left as it is; replace it with the bundled catalog (a backup is kept) or restore "
                "it from a backup"),
      reason(std::move(reason_))
{
}

void setCatalogWaitPolicy(CatalogWaitPolicy policy)
{
    std::lock_guard lock(policyMutex());
    currentPolicy() = std::move(policy);
}

CatalogWaitPolicy catalogWaitPolicy()
{
    std::lock_guard lock(policyMutex());
    return currentPolicy();
}

CatalogWriterNote::CatalogWriterNote(std::string dbPath, const std::string& activity)
    : notePath_(std::move(dbPath) + ".writer")
{
    const std::time_t now = std::time(nullptr);
    std::tm tm{};
    gmtime_r(&now, &tm);
    char since[32];
    std::strftime(since, sizeof since, "%H:%M:%S UTC", &tm);
    std::ostringstream os;
    os << ::getpid() << "\n" << activity << ", since " << since << "\n";
    text_ = os.str();
    std::ofstream out(notePath_, std::ios::binary | std::ios::trunc);
    out << text_;
    if (!out) notePath_.clear();  // a folder we cannot write: readers just say less
}

CatalogWriterNote::~CatalogWriterNote()
{
    if (notePath_.empty()) return;
    std::ifstream in(notePath_, std::ios::binary);
    std::stringstream now;
    now << in.rdbuf();
    in.close();
    std::error_code ec;
    if (now.str() == text_) std::filesystem::remove(notePath_, ec);  // not another writer's note
}

std::string catalogWriterOf(const std::string& dbPath)
{
    std::ifstream in(dbPath + ".writer", std::ios::binary);
    long pid = 0;
    std::string activity;
    if (!(in >> pid)) return {};
    in.ignore(1);
    std::getline(in, activity);
    if (!processAlive(pid)) return {};  // left by a process that was killed
    return "FabricPlan process " + std::to_string(pid) + (activity.empty() ? "" : " (" + activity + ")");
}

} // namespace fp
