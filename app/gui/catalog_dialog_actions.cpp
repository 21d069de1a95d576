// CatalogDialog's editing buttons: add a custom part, import/export a price list, restore the
// bundled prices. The work is in plain functions (tests call them); the slots add the dialogs.
#include <QDialog>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

#include "catalog/catalog_db.h"
#include "catalog_dialog.h"
#include "common/error.h"
#include "custom_part_dialog.h"

namespace fp::gui {

namespace {

QString message(const UserError& e) { return QString::fromStdString(e.oneLine()); }

// Runs `edit`, turning exceptions into the user-facing reason.
template <typename Edit>
bool attempt(QString* error, Edit&& edit)
{
    try {
        edit();
        return true;
    } catch (const UserError& e) {
        if (error) *error = message(e);
    } catch (const std::exception& e) {
        if (error) *error = QString::fromLocal8Bit(e.what());
    }
    return false;
}

} // namespace

bool CatalogDialog::addCustomPart(const CustomPartRequest& request, QString* error)
{
    if (m_dbPath.isEmpty()) {
        if (error) *error = tr("This catalog is read-only (it was given on the command line).");
        return false;
    }
    return attempt(error, [&] {
        const std::string db = m_dbPath.toStdString();
        switch (request.category) {
        case PartCategory::Transceiver: fp::addCustomPart(db, request.transceiver); break;
        case PartCategory::Cable:
        case PartCategory::Fiber: fp::addCustomPart(db, request.cable); break;
        case PartCategory::Switch: fp::addCustomPart(db, request.switchModel); break;
        default: throw UserError("only transceivers, cables and switches can be added here");
        }
        for (const QString& platform : request.qualifiedOn)
            addQualification(db, platform.toStdString(), request.base().partNumber, "user");
        reload();
    });
}

bool CatalogDialog::restoreDefaults(QString* error)
{
    if (m_dbPath.isEmpty()) {
        if (error) *error = tr("This catalog is read-only (it was given on the command line).");
        return false;
    }
    return attempt(error, [&] {
        restoreDefaultPrices(m_dbPath.toStdString(), m_bundledPath.toStdString());
        reload();
    });
}

bool CatalogDialog::importPrices(const QString& csvPath, PriceImportReport* report, QString* error,
                                 bool validLinesOnly)
{
    if (m_dbPath.isEmpty()) {
        if (error) *error = tr("This catalog is read-only (it was given on the command line).");
        return false;
    }
    return attempt(error, [&] {
        PriceImportReport r =
            importPriceCsv(m_dbPath.toStdString(), csvPath.toStdString(),
                           validLinesOnly ? PriceImportMode::ApplyValidLines : PriceImportMode::AllOrNothing);
        if (report) *report = r;
        if (r.rowsApplied > 0) reload();
    });
}

bool CatalogDialog::exportPrices(const QString& csvPath, QString* error) const
{
    return attempt(error, [&] { exportPriceCsv(m_catalogFile.toStdString(), csvPath.toStdString()); });
}

QString CatalogDialog::importReportText(const PriceImportReport& r, const QString& fileName)
{
    QStringList out;
    out << tr("%1: %n price(s) applied.", nullptr, r.rowsApplied).arg(fileName);
    if (r.leadTimesSet > 0) out << tr("Lead times set for %n part(s).", nullptr, r.leadTimesSet);
    if (!r.unknownParts.empty()) {
        out << QString() << tr("Unknown part numbers (not in the catalog; add them as custom parts first):");
        for (const std::string& u : r.unknownParts) out << QStringLiteral("  ") + QString::fromStdString(u);
    }
    if (!r.problems.empty()) {
        out << QString() << tr("Lines not applied:");
        for (const std::string& p : r.problems) out << QStringLiteral("  ") + QString::fromStdString(p);
    }
    if (!r.notes.empty()) {
        out << QString() << tr("Notes:");
        for (const std::string& n : r.notes) out << QStringLiteral("  ") + QString::fromStdString(n);
    }
    if (!r.clean() && r.rowsApplied == 0) out << QString() << tr("No price was changed.");
    if (r.clean()) out << tr("Every line was applied.");
    return out.join(QLatin1Char('\n'));
}

void CatalogDialog::onAddCustomPart()
{
    CustomPartDialog dialog(m_platforms, this);
    while (dialog.exec() == QDialog::Accepted) {
        QString error;
        if (addCustomPart(dialog.request(), &error)) {
            QMessageBox::information(this, tr("Custom part added"),
                                     tr("%1 is in your catalog; the design is being replanned with it.")
                                         .arg(QString::fromStdString(dialog.request().base().partNumber)));
            return;
        }
        QMessageBox::warning(this, tr("Part not added"), error);  // keep the form for a correction
    }
}

void CatalogDialog::onRestoreDefaults()
{
    if (QMessageBox::question(this, tr("Restore default prices"),
                              tr("Throw away every price you entered or imported for the bundled parts and go back "
                                 "to the bundled estimates? Your custom parts keep their prices. This cannot be "
                                 "undone."),
                              QMessageBox::RestoreDefaults | QMessageBox::Cancel, QMessageBox::Cancel) !=
        QMessageBox::RestoreDefaults)
        return;
    QString error;
    if (!restoreDefaults(&error)) QMessageBox::warning(this, tr("Prices not restored"), error);
}

void CatalogDialog::onImportPrices()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Import price list"), QString(),
                                                      tr("Price lists (*.csv);;All files (*)"));
    if (path.isEmpty()) return;
    PriceImportReport report;
    QString error;
    if (!importPrices(path, &report, &error)) {
        QMessageBox::warning(this, tr("Price list not imported"), error);
        return;
    }
    if (!report.clean()) {
        // Nothing was changed; the user may still apply the valid lines alone, knowingly.
        QMessageBox ask(QMessageBox::Warning, tr("Price list not imported"),
                        tr("No price was changed: some lines cannot be applied."), QMessageBox::Cancel, this);
        ask.setDetailedText(importReportText(report, QFileInfo(path).fileName()));
        QPushButton* apply = ask.addButton(tr("Apply the valid lines alone"), QMessageBox::AcceptRole);
        ask.exec();
        if (ask.clickedButton() != apply) return;
        if (!importPrices(path, &report, &error, true)) {
            QMessageBox::warning(this, tr("Price list not imported"), error);
            return;
        }
    }
    // Always shown, clean or not: an import never changes prices silently.
    QDialog shown(this);
    shown.setWindowTitle(report.clean() ? tr("Price list imported") : tr("Price list imported with problems"));
    shown.resize(640, 360);
    auto* summary = new QLabel(report.clean() ? tr("Every line was applied.")
                                              : tr("Some lines were not applied; they are listed with file:line."),
                               &shown);
    auto* text = new QPlainTextEdit(importReportText(report, QFileInfo(path).fileName()), &shown);
    text->setReadOnly(true);
    text->setLineWrapMode(QPlainTextEdit::NoWrap);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok, &shown);
    connect(buttons, &QDialogButtonBox::accepted, &shown, &QDialog::accept);
    auto* layout = new QVBoxLayout(&shown);
    layout->addWidget(summary);
    layout->addWidget(text, 1);
    layout->addWidget(buttons);
    shown.exec();
}

void CatalogDialog::onExportPrices()
{
    QString path = QFileDialog::getSaveFileName(this, tr("Export price list"), QStringLiteral("prices.csv"),
                                                tr("Price lists (*.csv)"));
    if (path.isEmpty()) return;
    if (QFileInfo(path).suffix().isEmpty()) path += QStringLiteral(".csv");
    QString error;
    if (!exportPrices(path, &error)) QMessageBox::warning(this, tr("Price list not exported"), error);
}

} // namespace fp::gui
