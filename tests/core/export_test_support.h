#pragma once
// Shared by the exporter tests: a strict RFC 4180 reader (independent of the writer under test),
// file helpers, and planning a real design from the built catalog.
#include <QByteArray>
#include <QDir>
#include <QFile>
#include <optional>
#include <string>
#include <vector>

#include "catalog/catalog_db.h"
#include "io/exporter.h"
#include "plan/plan.h"

namespace exporttest {

using Record = std::vector<std::string>;

// Strict RFC 4180: records end in CRLF; a field with a comma, quote, CR or LF is quoted; quotes in
// a quoted field are doubled; anything else (bare quote, text after a closing quote, a lone LF as
// record end) is an error and yields nullopt.
inline std::optional<std::vector<Record>> parseCsvStrict(const QByteArray& bytes)
{
    std::vector<Record> records;
    Record record;
    std::string field;
    std::size_t i = 0;
    const std::size_t n = std::size_t(bytes.size());
    while (i < n) {
        if (bytes[qsizetype(i)] == '"') {
            ++i;
            for (;;) {
                if (i >= n) return std::nullopt;  // unterminated quote
                const char c = bytes[qsizetype(i)];
                if (c == '"') {
                    if (i + 1 < n && bytes[qsizetype(i + 1)] == '"') {
                        field += '"';
                        i += 2;
                        continue;
                    }
                    ++i;
                    break;
                }
                field += c;
                ++i;
            }
        } else {
            while (i < n && bytes[qsizetype(i)] != ',' && bytes[qsizetype(i)] != '\r') {
                const char c = bytes[qsizetype(i)];
                if (c == '"' || c == '\n') return std::nullopt;
                field += c;
                ++i;
            }
        }
        if (i >= n) return std::nullopt;  // every record, the last included, ends with CRLF
        if (bytes[qsizetype(i)] == ',') {
            record.push_back(std::move(field));
            field.clear();
            ++i;
            continue;
        }
        if (bytes[qsizetype(i)] != '\r' || i + 1 >= n || bytes[qsizetype(i + 1)] != '\n') return std::nullopt;
        record.push_back(std::move(field));
        field.clear();
        records.push_back(std::move(record));
        record.clear();
        i += 2;
    }
    return records;
}

inline QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

inline QStringList entries(const QString& dir)
{
    return QDir(dir).entryList(QDir::Files | QDir::Hidden | QDir::NoDotAndDotDot);
}

inline void write(const char* id, const fp::Plan& plan, const fp::Catalog& catalog, const QString& path,
                  const fp::Comparison* comparison = nullptr)
{
    const fp::io::Exporter* e = fp::io::findExporter(id);
    if (!e) throw std::runtime_error(std::string("no exporter ") + id);
    fp::io::ExportContext ctx{plan, catalog, comparison, {}};
    e->write(ctx, path.toStdString());
}

} // namespace exporttest
