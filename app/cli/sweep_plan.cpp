#include "sweep_plan.h"

#include <exception>
#include <new>

#include "common/error.h"
#include "design_input.h"

namespace fp::cli {

DesignKeys designFileKeys()
{
    // A command line of one design file and no flags.
    return DesignKeys(Args({"design.fabricplan"}, {}, {}));
}

SweepRow planSweepRow(std::size_t index, const SweepDesign& d, const ClusterSpec& base, const DesignKeys& baseKeys,
                      const Catalog& catalog, const std::string& at, std::string* note,
                      const std::function<bool()>& cancelled)
{
    SweepRow row;
    try {
        if (!d.problem.empty()) {
            row = failedSweepRow(index, RowFailure::BadInput, d.problem);
        } else {
            const DesignKeys rowKeys(baseKeys, sweepDesignKeys(d.keys));
            PlanRequest request = planRequest(base, rowKeys, catalog, note);
            request.options.cancelled = cancelled;
            row = sweepRow(index, makePlan(request.spec, catalog, request.options));
        }
    } catch (const PlanCancelled&) {
        throw;
    } catch (const UsageError& e) {
        row = failedSweepRow(index, RowFailure::BadInput, at + e.message);
    } catch (const UserError& e) {
        row = failedSweepRow(index, RowFailure::CannotPlan, at + e.oneLine());
    } catch (const std::bad_alloc&) {
        row = failedSweepRow(index, RowFailure::CannotPlan, at + "out of memory planning this design (is it far larger than intended?)");
    } catch (const std::exception& e) {
        row = failedSweepRow(index, RowFailure::Internal, at + "internal error: " + e.what());
    }
    row.line = d.line;
    return row;
}

ClusterSpec sweepVariantSpec(const Variant& variant, const ClusterSpec& base, const DesignKeys& baseKeys, const Catalog& catalog)
{
    const DesignKeys rowKeys(baseKeys, sweepDesignKeys(variant));
    return planRequest(base, rowKeys, catalog).spec;
}

} // namespace fp::cli
