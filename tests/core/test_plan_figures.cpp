// requireFiniteFigures reads the plan's figures straight from the Plan (forEachExportedFigure) instead of
// building its JSON. These tests hold that list to the JSON itself: every non-integer number planToJson
// writes is visited, as many times as it is written, so a NaN or infinity in any exported figure is
// still refused; and planted non-finite figures in each section are refused, named by their JSON path.
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <limits>
#include <vector>

#include "catalog/catalog_db.h"
#include "common/error.h"
#include "plan/plan.h"
#include "plan/plan_figures.h"
#include "plan/plan_json.h"
#include "spec/spec_json.h"

using namespace fp;

namespace {

void collectFloats(const nlohmann::json& j, std::vector<double>& out)
{
    if (j.is_number_float()) out.push_back(j.get<double>());
    else if (j.is_structured())
        for (const auto& v : j) collectFloats(v, out);
}

std::vector<double> sorted(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v;
}

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

} // namespace

class TestPlanFigures : public QObject {
    Q_OBJECT
    Catalog catalog_;
    Plan plain_;

    std::string refusal(const Plan& p)
    {
        try {
            requireFiniteFigures(p);
        } catch (const UserError& e) {
            return e.what();
        }
        return {};
    }

private slots:
    void initTestCase()
    {
        catalog_ = loadCatalog(FABRICPLAN_TEST_CATALOG);
        plain_ = makePlan(ClusterSpec{}, catalog_);
    }

    // Every example (platforms, planes, three tiers, RoCE, Spectrum-X) and a few edge shapes: the figures
    // visited are exactly the JSON's floating-point numbers.
    void visitsEveryJsonFigure_data()
    {
        QTest::addColumn<QString>("examplePath");
        QTest::addColumn<int>("variant");
        for (const auto& e : std::filesystem::directory_iterator(FABRICPLAN_EXAMPLES_DIR))
            if (e.path().extension() == ".fabricplan")
                QTest::newRow(e.path().stem().string().c_str()) << QString::fromStdString(e.path().string()) << 0;
        QTest::newRow("default") << QString() << 0;
        QTest::newRow("three tiers") << QString() << 1;
        QTest::newRow("single switch") << QString() << 2;
    }
    void visitsEveryJsonFigure()
    {
        QFETCH(QString, examplePath);
        QFETCH(int, variant);
        ClusterSpec spec;
        if (!examplePath.isEmpty()) spec = loadSpecFile(examplePath.toStdString()).spec;
        if (variant == 1) {
            spec.gpus = 4096;
            spec.tiers = 3;
        } else if (variant == 2) {
            spec.gpus = 64;
            spec.tiers = 1;
        }
        const Plan p = makePlan(spec, catalog_);
        std::vector<double> fromJson, visited;
        collectFloats(planToJson(p), fromJson);
        forEachExportedFigure(p, [&](double v) { visited.push_back(v); });
        QVERIFY(fromJson.size() > 500);  // curves, BOM, resilience: the walk reached the big sections
        QCOMPARE(visited.size(), fromJson.size());
        QVERIFY(sorted(visited) == sorted(fromJson));
    }

    // One non-finite figure planted in each section is refused and named by its JSON path.
    void plantedNonFiniteFiguresAreRefused()
    {
        QVERIFY(refusal(plain_).empty());
        struct Plant {
            const char* path;
            void (*edit)(Plan&);
        };
        const Plant plants[] = {
            {"/design/economics/", [](Plan& p) { p.spec.economics.labourUsdPerHour = kInf; }},
            {"/bom/0/unit_price_usd", [](Plan& p) { p.bom.lines[0].unitPriceUsd = kNaN; }},
            {"/capex_usd/per_gpu", [](Plan& p) { p.estimates.capex.perGpuUsd = kInf; }},
            {"/media/0/order_length_m", [](Plan& p) { p.media.solutions[0].orderLengthM = kNaN; }},
            {"/performance/collectives/", [](Plan& p) {
                 p.estimates.performance.collectives.collectives.back().algorithms.back().points.back().busbwGBps = kNaN;
             }},
            {"/performance/allreduce/", [](Plan& p) { p.estimates.performance.curves[0].points[3].timeUs = -kInf; }},
            {"/performance/latency_ns/paths/0/max_ns", [](Plan& p) { p.estimates.performance.latency[0].maxNs = kNaN; }},
            {"/resilience/spares/0/mean_demand", [](Plan& p) { p.resilience.spares[0].meanDemand = kNaN; }},
            {"/resilience/failure_domains/0/failures_per_year",
             [](Plan& p) { p.resilience.domains[0].eventsPerYear = kInf; }},
            {"/timings_ms/", [](Plan& p) { p.timings.push_back({"zz", kNaN}); }},
        };
        for (const Plant& plant : plants) {
            Plan p = plain_;
            plant.edit(p);
            const std::string why = refusal(p);
            QVERIFY2(why.find(std::string("figure ") + plant.path) != std::string::npos,
                     (std::string(plant.path) + ": " + why).c_str());
        }
    }
};

QTEST_APPLESS_MAIN(TestPlanFigures)
#include "test_plan_figures.moc"
