// fabricplan: the desktop application. Everything but this entry point lives in fabricplan_gui.
#include "application.h"
#include "memory_policy.h"

int main(int argc, char* argv[])
{
    // The malloc policy `fabricplan-cli sweep` runs under (cli/memory_policy.h), before Qt allocates:
    // freed blocks stay in the process instead of going back to the kernel and faulting in afresh for
    // the next plan: 0.3-0.4 s less system time per 1,000-variant sweep (README, Explorer). An arena per
    // thread, as the sweep keeps (one shared arena's lock made it four times slower). What this costs a
    // long-lived window, memory kept after a burst of plans, is handed back at the end of each sweep
    // (releaseFreedMemory, in explorer_view.cpp).
    fp::cli::useLargePlanMemoryPolicy(false);
    return fp::gui::runApplication(argc, argv);
}
