// SQLite for the library index (see sqlite_db.h).
#include "sqlite_db.h"

#include "common/error.h"

#include <sqlite3.h>

#include <cstring>

namespace smoldesk::retrieval {

Db::Db(const std::string& path) {
    if (sqlite3_open_v2(path.c_str(), &db_, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr) !=
        SQLITE_OK) {
        const std::string msg = db_ ? sqlite3_errmsg(db_) : "out of memory";
        sqlite3_close(db_);
        db_ = nullptr;
        throw Error(ErrorCode::Io, "Cannot open the library database " + path + ": " + msg + ".");
    }
    sqlite3_busy_timeout(db_, 5000);
}

Db::~Db() {
    sqlite3_close(db_);
}

void Db::fail(const std::string& what) const {
    throw Error(ErrorCode::Io, "The library database failed (" + what + "): " + sqlite3_errmsg(db_) + ".");
}

void Db::exec(const char* sql) {
    char* err = nullptr;
    if (sqlite3_exec(db_, sql, nullptr, nullptr, &err) != SQLITE_OK) {
        const std::string msg = err ? err : "unknown error";
        sqlite3_free(err);
        throw Error(ErrorCode::Io, "The library database failed: " + msg + ".");
    }
}

int64_t Db::lastInsertId() const {
    return sqlite3_last_insert_rowid(db_);
}

Stmt::Stmt(Db& db, const char* sql) : db_(db) {
    if (sqlite3_prepare_v2(db.handle(), sql, -1, &stmt_, nullptr) != SQLITE_OK) db.fail("prepare");
}
Stmt::~Stmt() {
    sqlite3_finalize(stmt_);
}

Stmt& Stmt::bind(int i, int64_t v) {
    if (sqlite3_bind_int64(stmt_, i, v) != SQLITE_OK) db_.fail("bind");
    return *this;
}
Stmt& Stmt::bind(int i, double v) {
    if (sqlite3_bind_double(stmt_, i, v) != SQLITE_OK) db_.fail("bind");
    return *this;
}
Stmt& Stmt::bind(int i, std::string_view v) {
    if (sqlite3_bind_text64(stmt_, i, v.data(), v.size(), SQLITE_TRANSIENT, SQLITE_UTF8) != SQLITE_OK)
        db_.fail("bind");
    return *this;
}
Stmt& Stmt::bindBlob(int i, std::span<const float> v) {
    if (sqlite3_bind_blob64(stmt_, i, v.data(), v.size_bytes(), SQLITE_TRANSIENT) != SQLITE_OK)
        db_.fail("bind");
    return *this;
}
Stmt& Stmt::bindNull(int i) {
    if (sqlite3_bind_null(stmt_, i) != SQLITE_OK) db_.fail("bind");
    return *this;
}

bool Stmt::step() {
    const int rc = sqlite3_step(stmt_);
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    db_.fail("step");
}
void Stmt::run() {
    while (step()) {
    }
    reset();
}
void Stmt::reset() {
    sqlite3_reset(stmt_);
    sqlite3_clear_bindings(stmt_);
}
int64_t Stmt::integer(int col) const {
    return sqlite3_column_int64(stmt_, col);
}
double Stmt::real(int col) const {
    return sqlite3_column_double(stmt_, col);
}
std::string Stmt::text(int col) const {
    const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(stmt_, col));
    return p ? std::string(p, static_cast<size_t>(sqlite3_column_bytes(stmt_, col))) : std::string();
}
bool Stmt::isNull(int col) const {
    return sqlite3_column_type(stmt_, col) == SQLITE_NULL;
}
std::vector<float> Stmt::floats(int col) const {
    const void* p = sqlite3_column_blob(stmt_, col); // not necessarily float-aligned: copied
    const auto bytes = static_cast<size_t>(sqlite3_column_bytes(stmt_, col));
    std::vector<float> v(p ? bytes / sizeof(float) : 0);
    if (!v.empty()) std::memcpy(v.data(), p, v.size() * sizeof(float));
    return v;
}

void Transaction::sqliteRollback() noexcept {
    sqlite3_exec(db_.handle(), "ROLLBACK", nullptr, nullptr, nullptr);
}

} // namespace smoldesk::retrieval
