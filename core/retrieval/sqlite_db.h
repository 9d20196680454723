#pragma once
// A thin RAII layer over SQLite's C API for the library index: a connection, prepared
// statements with typed binds and columns, and a transaction that rolls back unless committed.
// Every SQLite failure becomes Error(Io) with SQLite's message.
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

struct sqlite3;
struct sqlite3_stmt;

namespace smoldesk::retrieval {

class Db {
  public:
    explicit Db(const std::string& path); // creates the file when missing
    ~Db();
    Db(const Db&) = delete;
    Db& operator=(const Db&) = delete;
    void exec(const char* sql);
    int64_t lastInsertId() const;
    sqlite3* handle() const { return db_; }
    [[noreturn]] void fail(const std::string& what) const;

  private:
    sqlite3* db_ = nullptr;
};

class Stmt {
  public:
    Stmt(Db& db, const char* sql);
    ~Stmt();
    Stmt(const Stmt&) = delete;
    Stmt& operator=(const Stmt&) = delete;
    Stmt& bind(int i, int64_t v);
    Stmt& bind(int i, double v);
    Stmt& bind(int i, std::string_view v);
    Stmt& bindBlob(int i, std::span<const float> v);
    Stmt& bindNull(int i);
    bool step(); // true while a row is there
    void run();  // a statement without rows
    void reset();
    int64_t integer(int col) const;
    double real(int col) const;
    std::string text(int col) const;
    bool isNull(int col) const;
    std::vector<float> floats(int col) const;

  private:
    Db& db_;
    sqlite3_stmt* stmt_ = nullptr;
};

class Transaction {
  public:
    explicit Transaction(Db& db) : db_(db) { db_.exec("BEGIN IMMEDIATE"); }
    ~Transaction() {
        if (!done_) sqliteRollback();
    }
    void commit() {
        db_.exec("COMMIT");
        done_ = true;
    }

  private:
    void sqliteRollback() noexcept;
    Db& db_;
    bool done_ = false;
};

} // namespace smoldesk::retrieval
