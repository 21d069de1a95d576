#pragma once
// Internal: the NetBox objects of a cluster with several networks (issue 38), for the bundle and the
// single-file devices and cables exports. The compute fabric's devices keep the names a compute-only
// export gives them; every other network adds:
// - its switches, named "<prefix><network>-<switch>" ("dgx-h100-storage-leaf-001"), in the racks of the
//   cluster's one floor (layout/shared_floor.h: "NET-R01-B", "SPINE-03"), description "... (storage network)";
// - its endpoints, as the network's NetworkSpec lists them (cluster_plan.h: endpoint port j is node j of
//   the network's fabric, groups in order, each member's ports together): a per-node group's ports are
//   interfaces of the compute node itself ("storage1", "storage2" on node-0001: one more interface per
//   port on the node's device type); every other group's members are devices of their own
//   ("<prefix><network>-<group>-01", type "<network> <group>", role "Network endpoint"), in the rack of
//   their first port (a STOR/MGMT service rack, a compute rack for PDUs) with no U position,
//   interfaces "port1"...;
// - its cables, labelled "<network> C000001" and described "<network>: <cable part> ...".
// Device types are one per model across networks: a model that two networks run alike is written once;
// the same part run with other ports (split at another speed) is a second model, "<part> (<n> ports)".
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "io/netbox_model.h"
#include "plan/cluster_plan.h"

namespace fp::io {

class NetboxCluster {
public:
    explicit NetboxCluster(const ExportContext&);  // ctx.cluster holds several networks; validates every name
    ~NetboxCluster();

    const NetboxModel& compute() const { return *compute_; }
    std::vector<std::pair<std::string, std::string>> manufacturers() const;
    std::vector<NetboxRole> roles() const;
    const std::vector<NetboxDeviceType>& deviceTypes() const { return types_; }  // every type used, once
    std::vector<NetboxModel::Location> locations() const;
    std::vector<NetboxModel::RackRow> racks() const;
    std::size_t deviceCount() const;
    void forEachDevice(const std::function<void(const std::vector<std::string>&)>&) const;
    // Every network's cables, one record per leg; progress over [from, to] of the export.
    void forEachCable(double from, double to, const std::function<void(const std::vector<std::string>&)>&) const;

private:
    struct Network;
    const ExportContext& ctx_;
    const ClusterPlan& cluster_;
    std::unique_ptr<NetboxModel> compute_;
    std::vector<std::unique_ptr<Network>> networks_;  // networks 1..
    std::vector<NetboxDeviceType> types_;
    std::vector<NetboxDeviceType> endpointTypes_;  // per endpoint group, before they join types_
};

} // namespace fp::io
