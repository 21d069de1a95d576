#include "cable_model.h"

#include <QLocale>

#include <algorithm>
#include <cctype>

namespace fp::gui {

QString mediaName(MediaClass m)
{
    switch (m) {
    case MediaClass::DAC: return QStringLiteral("DAC");
    case MediaClass::ACC: return QStringLiteral("ACC");
    case MediaClass::AOC: return QStringLiteral("AOC");
    case MediaClass::Multimode: return QObject::tr("Multimode");
    case MediaClass::SingleMode: return QObject::tr("Single-mode");
    case MediaClass::None: return QObject::tr("None");
    }
    return {};
}

QString linkClassName(LinkClass c)
{
    switch (c) {
    case LinkClass::HostLeaf: return QObject::tr("Host – leaf");
    case LinkClass::LeafSpine: return QObject::tr("Leaf – spine");
    case LinkClass::SpineCore: return QObject::tr("Spine – core");
    }
    return {};
}

void CablePlanModel::setPlan(std::shared_ptr<const Plan> plan)
{
    beginResetModel();
    m_plan = std::move(plan);
    ++m_planGeneration;
    m_filtered = !m_filterText.isEmpty() || m_filterMedia >= 0;
    m_filterPending = m_filtered && m_plan;
    m_rows.clear();
    m_fetched = std::min(matchCount(), m_fetchChunk);
    endResetModel();
}

void CablePlanModel::setFilter(const QString& text, int media)
{
    if (text == m_filterText && media == m_filterMedia) return;
    resetFilter(text, media, m_plan ? cableLinksMatching(*m_plan, text, media) : std::vector<std::uint32_t>{});
}

bool CablePlanModel::applyFilter(CableFilterResult result)
{
    if (result.planGeneration != m_planGeneration) return false;
    resetFilter(result.text, result.media, std::move(result.rows));
    return true;
}

void CablePlanModel::resetFilter(const QString& text, int media, std::vector<std::uint32_t> rows)
{
    beginResetModel();
    m_filterText = text;
    m_filterMedia = media;
    m_filtered = !text.isEmpty() || media >= 0;
    m_filterPending = false;
    m_rows = m_filtered ? std::move(rows) : std::vector<std::uint32_t>{};
    m_fetched = std::min(matchCount(), m_fetchChunk);
    endResetModel();
}

namespace {

const LinkSolution* solutionOf(const MediaAssignment& m, std::size_t link)
{
    if (link >= m.solutionOfLink.size()) return nullptr;
    const std::size_t s = m.solutionOfLink[link];
    return s < m.solutions.size() ? &m.solutions[s] : nullptr;
}

} // namespace

std::vector<std::uint32_t> cableLinksMatching(const Plan& plan, const QString& text, int media)
{
    std::vector<std::uint32_t> rows;
    if (text.isEmpty() && media < 0) return rows;
    const Fabric& fabric = plan.fabric;
    const Layout& layout = plan.layout;

    // Which devices match the text: one name per device and per rack, once.
    std::vector<char> deviceMatches;
    if (!text.isEmpty()) {
        const std::string needle = text.toLower().toStdString();
        // Compared in place, without a lower-cased copy of each of the (1,000,000 GPUs: 1 M) names.
        auto contains = [&needle](const std::string& s) {
            return std::search(s.begin(), s.end(), needle.begin(), needle.end(), [](char a, char b) {
                       return char(std::tolower(static_cast<unsigned char>(a))) == b;
                   }) != s.end();
        };
        std::vector<char> rackMatches(layout.racks.size());
        for (std::size_t r = 0; r < layout.racks.size(); ++r) rackMatches[r] = contains(layout.racks[r].name);
        deviceMatches.resize(fabric.devices.size());
        for (std::size_t d = 0; d < fabric.devices.size(); ++d) {
            const bool rack = d < layout.rackOfDevice.size() && layout.rackOfDevice[d] < rackMatches.size() &&
                              rackMatches[layout.rackOfDevice[d]];
            deviceMatches[d] = rack || contains(fabric.deviceName(DeviceId(d)));
        }
    }
    for (std::size_t i = 0; i < fabric.links.size(); ++i) {
        const Link& link = fabric.links[i];
        if (!deviceMatches.empty() && !deviceMatches[link.a] && !deviceMatches[link.b]) continue;
        if (media >= 0) {
            const LinkSolution* s = solutionOf(plan.media, i);
            if (!s || int(s->media) != media) continue;
        }
        rows.push_back(std::uint32_t(i));
    }
    return rows;
}

std::size_t CablePlanModel::linkCount() const { return m_plan ? m_plan->fabric.links.size() : 0; }

int CablePlanModel::matchCount() const
{
    if (!m_plan) return 0;
    return int(m_filtered ? m_rows.size() : m_plan->fabric.links.size());
}

int CablePlanModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : std::min(m_fetched, matchCount());
}

bool CablePlanModel::canFetchMore(const QModelIndex& parent) const
{
    return !parent.isValid() && m_fetched < matchCount();
}

void CablePlanModel::fetchMore(const QModelIndex& parent)
{
    if (canFetchMore(parent)) fetchUpTo(m_fetched + m_fetchChunk - 1);
}

void CablePlanModel::fetchUpTo(int row)
{
    const int upTo = std::min(row + 1, matchCount());
    if (upTo <= m_fetched) return;
    beginInsertRows({}, m_fetched, upTo - 1);
    m_fetched = upTo;
    endInsertRows();
}

int CablePlanModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

std::int64_t CablePlanModel::linkAt(int row) const
{
    if (row < 0 || row >= matchCount()) return -1;
    return m_filtered ? std::int64_t(m_rows[std::size_t(row)]) : row;
}

int CablePlanModel::rowOfLink(std::int64_t link) const
{
    if (!m_plan || link < 0 || std::size_t(link) >= m_plan->fabric.links.size()) return -1;
    if (!m_filtered) return int(link);
    const auto it = std::lower_bound(m_rows.begin(), m_rows.end(), std::uint32_t(link));
    return it != m_rows.end() && *it == link ? int(it - m_rows.begin()) : -1;
}

const LinkSolution* CablePlanModel::solution(std::size_t link) const { return solutionOf(m_plan->media, link); }

QString CablePlanModel::rackName(DeviceId d) const
{
    const Layout& layout = m_plan->layout;
    if (d >= layout.rackOfDevice.size() || layout.rackOfDevice[d] >= layout.racks.size()) return {};
    return QString::fromStdString(layout.racks[layout.rackOfDevice[d]].name);
}

QVariant CablePlanModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const std::int64_t i = linkAt(index.row());
    if (i < 0) return {};
    if (role == LinkIndexRole) return qlonglong(i);
    if (role == Qt::TextAlignmentRole)
        return index.column() == Number || index.column() == Length ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
                                                                    : QVariant();
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole) return {};
    const Fabric& fabric = m_plan->fabric;
    const Link& link = fabric.links[std::size_t(i)];
    const LinkSolution* s = solution(std::size_t(i));
    if (role == Qt::ToolTipRole) {
        if (!s) return {};
        return QString::fromStdString(s->reason);
    }
    switch (index.column()) {
    case Number: return QLocale(QLocale::English).toString(qlonglong(i + 1));
    case Class: return linkClassName(link.cls);
    case ADevice: return QString::fromStdString(fabric.deviceName(link.a));
    case APort: return QString::fromStdString(fabric.portName(link.a, link.aPort));
    case ARack: return rackName(link.a);
    case ZDevice: return QString::fromStdString(fabric.deviceName(link.b));
    case ZPort: return QString::fromStdString(fabric.portName(link.b, link.bPort));
    case ZRack: return rackName(link.b);
    case Media:  // as the cable plan CSV says it: a splitter's legs after its class ("Multimode 1:2")
        return s ? mediaName(s->media) + (s->linksPerCable > 1 ? QStringLiteral(" 1:%1").arg(s->linksPerCable) : QString())
                 : QString();
    case CablePart: return s ? QString::fromStdString(s->cablePart) : QString();
    case AModule: return s ? QString::fromStdString(s->moduleA) : QString();
    case ZModule: return s ? QString::fromStdString(s->moduleB) : QString();
    case Length: {
        double m = s ? s->orderLengthM : 0.0;
        if (m <= 0 && std::size_t(i) < m_plan->layout.linkLengthM.size()) m = m_plan->layout.linkLengthM[std::size_t(i)];
        return QString::number(m, 'f', 1);
    }
    default: return {};
    }
}

QVariant CablePlanModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    static const char* const names[] = {"#", "Class", "A device", "A port", "A rack", "Z device", "Z port",
                                        "Z rack", "Media", "Length (m)", "Cable / fibre", "A module", "Z module"};
    if (section < 0 || section >= ColumnCount) return {};
    return tr(names[section]);
}

} // namespace fp::gui
