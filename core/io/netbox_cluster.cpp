#include "io/netbox_cluster.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

#include "bom/bom.h"
#include "common/error.h"
#include "io/export_support.h"
#include "io/name_safety.h"
#include "io/netbox_names.h"

namespace fp::io {
namespace {

const NetboxRole kEndpointRole{"Network endpoint", "network-endpoint", "607d8b"};  // NetBox's grey

// The network's name where it can stand in a device name as it is (ASCII letters, digits, - _ .), else
// "net<k>", so every name of the bundle stays one NetBox accepts.
std::string networkTag(const std::string& name, std::size_t index)
{
    const bool plain = !name.empty() && name.size() <= 16 &&
                       std::all_of(name.begin(), name.end(), [](char c) {
                           const auto u = static_cast<unsigned char>(c);
                           return u < 0x80 && (std::isalnum(u) || c == '-' || c == '_' || c == '.');
                       }) &&
                       std::isalnum(static_cast<unsigned char>(name.front()));
    return plain ? name : "net" + std::to_string(index + 1);
}

void requireDeviceName(const std::string& name)
{
    requireCleanName("The NetBox device name", name, kNetboxDeviceNameMax, "NetBox import",
                     "choose a shorter device-name prefix, network name or endpoint group name");
}

bool sameInterfaces(const NetboxDeviceType& a, const NetboxDeviceType& b)
{
    if (a.interfaces.size() != b.interfaces.size()) return false;
    for (std::size_t i = 0; i < a.interfaces.size(); ++i)
        if (a.interfaces[i].name != b.interfaces[i].name || a.interfaces[i].type != b.interfaces[i].type) return false;
    return true;
}

} // namespace

// One endpoint group of a network, as its ports lie among the network fabric's nodes.
struct EndpointRun {
    std::string group;        // the group's name
    bool onComputeNode = false;
    long long firstPort = 0;  // the network fabric's node id of the group's first port
    long long members = 0;
    int portsEach = 1;
    int interfaceOffset = 0;  // onComputeNode: ports of the network's earlier per-node groups
    std::string deviceStem;   // other groups: "<prefix><tag>-<group slug>-"
    std::size_t type = 0;     // other groups: index into types_
    int digits = 2;
};

struct NetboxCluster::Network {
    std::size_t index = 0;  // in ClusterPlan::networks
    std::string tag;
    std::unique_ptr<NetboxModel> model;
    std::vector<std::size_t> switchType;  // per entry of its model's switchTypes(): index into types_
    std::vector<EndpointRun> runs;
    std::set<std::string> racks;          // the layout racks holding its switches

    const Plan& plan(const ClusterPlan& c) const { return c.networks[index].plan; }
    std::string switchName(const NetboxModel& compute, const Plan& p, DeviceId id) const
    {
        return compute.prefix() + tag + "-" + p.fabric.deviceName(id);
    }
    // The cluster's one floor (layout/shared_floor.h) names every rack once: no network prefix.
    std::string rackName(const std::string& rack) const { return rack; }
    // Where a member of an endpoint run stands: the rack of its first port (a service rack's server,
    // a compute rack's PDU), no U position (the ports' heights are not a NetBox slot).
    const NetboxDevicePlacement& placementOf(const EndpointRun& r, long long member) const
    {
        return model->placement(DeviceId(r.firstPort + member * r.portsEach));
    }
    const EndpointRun& runOf(long long node) const
    {
        for (const EndpointRun& r : runs)
            if (node < r.firstPort + r.members * r.portsEach) return r;
        return runs.back();
    }
};

NetboxCluster::~NetboxCluster() = default;

NetboxCluster::NetboxCluster(const ExportContext& ctx) : ctx_(ctx), cluster_(*ctx.cluster)
{
    compute_ = std::make_unique<NetboxModel>(ctx);
    const Plan& computePlan = cluster_.compute();
    const ClusterSpec& spec = computePlan.spec;

    // Types: the compute node's and the compute switches' first, as a compute-only bundle names them.
    std::map<std::string, std::size_t> typeOfSlug;
    std::vector<std::size_t> computeSwitchType;
    auto addType = [&](NetboxDeviceType t) {
        auto it = typeOfSlug.find(t.slug);
        if (it != typeOfSlug.end()) {
            if (sameInterfaces(types_[it->second], t)) return it->second;
            // The same part with other ports (split, another speed): NetBox keys types by manufacturer and model.
            t.model += " (" + std::to_string(t.interfaces.size()) + " ports)";
            t.slug = netboxSlug(t.manufacturer + "-" + t.model);
            t.fromLibrary = false;
            it = typeOfSlug.find(t.slug);
            if (it != typeOfSlug.end()) return it->second;
        }
        types_.push_back(std::move(t));
        typeOfSlug[types_.back().slug] = types_.size() - 1;
        return types_.size() - 1;
    };

    // Networks, their endpoint runs and the compute node's extra interfaces.
    std::vector<NetboxInterface> nodeInterfaces;
    long long switchesBefore = cluster_.figures.front().switches;
    std::set<std::string> tags;
    for (std::size_t i = 1; i < cluster_.networks.size(); ++i) {
        const NetworkPlan& np = cluster_.networks[i];
        auto n = std::make_unique<Network>();
        n->index = i;
        n->tag = networkTag(np.name, i);
        if (!tags.insert(n->tag).second) n->tag = "net" + std::to_string(i + 1);
        ExportOptions own = ctx.options;
        own.netboxPrefix = compute_->prefix();
        const ExportContext netCtx{np.plan, ctx.catalog, nullptr, ctx.progress, own};
        n->model = std::make_unique<NetboxModel>(netCtx);
        const Plan& p = np.plan;
        const std::string ifType = netboxInterfaceType(p.spec.fabric == FabricKind::InfiniBand, p.fabric.shape.linkGbps,
                                                       p.hardware.nic.cageType);
        const NetworkSpec* ns = i - 1 < spec.networks.size() ? &spec.networks[i - 1] : nullptr;
        long long port = 0;
        int nodePorts = 0;
        for (std::size_t g = 0; ns && g < ns->endpoints.size(); ++g) {
            const EndpointGroup& group = ns->endpoints[g];
            EndpointRun r;
            r.group = group.name;
            r.firstPort = port;
            r.portsEach = std::max(1, group.portsEach);
            r.members = group.per == EndpointCount::PerComputeNode ? spec.nodes()
                        : group.per == EndpointCount::PerSwitch    ? switchesBefore
                                                                   : group.count;
            r.onComputeNode = group.per == EndpointCount::PerComputeNode && r.members <= computePlan.fabric.nodeCount;
            if (r.onComputeNode) {
                r.interfaceOffset = nodePorts;
                for (int k = 0; k < r.portsEach; ++k)
                    nodeInterfaces.push_back({n->tag + std::to_string(nodePorts + k + 1), ifType});
                nodePorts += r.portsEach;
            } else {
                requireCleanName("The endpoint group name", group.name, kNetboxNameMax, "NetBox import",
                                 "rename the endpoint group");
                requireNotFormula("The endpoint group name", group.name, "NetBox import", "rename the endpoint group");
                std::string slug = netboxSlug(group.name, 24);
                if (slug.empty()) slug = "endpoint" + std::to_string(g + 1);
                r.deviceStem = compute_->prefix() + n->tag + "-" + slug + "-";
                r.digits = std::max<int>(2, int(std::to_string(r.members).size()));
                NetboxDeviceType t;
                t.manufacturer = kNetboxNodeManufacturer;
                t.manufacturerSlug = netboxSlug(t.manufacturer);
                t.model = np.name + " " + group.name;
                t.slug = netboxSlug(t.manufacturer + "-" + n->tag + "-" + slug);
                t.uHeight = 1;
                for (int k = 0; k < r.portsEach; ++k) t.interfaces.push_back({"port" + std::to_string(k + 1), ifType});
                requireCleanName("The NetBox device type", t.model, kNetboxNameMax, "NetBox import",
                                 "shorten the network or endpoint group name");
                endpointTypes_.push_back(std::move(t));
                r.type = endpointTypes_.size() - 1;
                requireDeviceName(r.deviceStem + std::string(std::size_t(r.digits), '0'));
            }
            port += r.members * r.portsEach;
            n->runs.push_back(r);
        }
        if (n->runs.empty()) throw UserError("the network " + np.name + " lists no endpoints", "NetBox import");
        switchesBefore += cluster_.figures[i].switches;
        networks_.push_back(std::move(n));
    }

    compute_->addNodeInterfaces(nodeInterfaces);
    if (computePlan.fabric.nodeCount > 0) addType(compute_->nodeType());
    std::vector<bool> used(compute_->switchTypes().size(), false);
    for (DeviceId id = computePlan.fabric.nodeCount; id < computePlan.fabric.devices.size(); ++id)
        used.at(compute_->typeIndexOf(id)) = true;
    for (std::size_t t = 0; t < used.size(); ++t)
        if (used[t]) addType(compute_->switchTypes()[t]);
    for (auto& n : networks_) {
        const Plan& p = n->plan(cluster_);
        n->switchType.assign(n->model->switchTypes().size(), 0);
        std::vector<bool> in(n->model->switchTypes().size(), false);
        for (DeviceId id = p.fabric.nodeCount; id < p.fabric.devices.size(); ++id) {
            in.at(n->model->typeIndexOf(id)) = true;
            const NetboxDevicePlacement& place = n->model->placement(id);
            if (!place.rack.empty()) n->racks.insert(place.rack);
        }
        for (const EndpointRun& r : n->runs)
            for (long long m = 0; !r.onComputeNode && m < r.members && r.firstPort + m * r.portsEach < p.fabric.nodeCount; ++m)
                if (const NetboxDevicePlacement& place = n->placementOf(r, m); !place.rack.empty()) n->racks.insert(place.rack);
        for (std::size_t t = 0; t < in.size(); ++t)
            if (in[t]) n->switchType[t] = addType(n->model->switchTypes()[t]);
        for (EndpointRun& r : n->runs)
            if (!r.onComputeNode) r.type = addType(endpointTypes_[r.type]);
        if (p.fabric.devices.size() > p.fabric.nodeCount) {
            std::size_t longest = 0;
            DeviceId at = p.fabric.nodeCount;
            for (DeviceId id = p.fabric.nodeCount; id < p.fabric.devices.size(); ++id)
                if (p.fabric.deviceName(id).size() > longest) longest = p.fabric.deviceName(id).size(), at = id;
            requireDeviceName(n->switchName(*compute_, p, at));
        }
    }
}

std::vector<std::pair<std::string, std::string>> NetboxCluster::manufacturers() const
{
    std::vector<std::pair<std::string, std::string>> out;
    for (const NetboxDeviceType& t : types_)
        if (std::none_of(out.begin(), out.end(), [&](const auto& m) { return m.second == t.manufacturerSlug; }))
            out.emplace_back(t.manufacturer, t.manufacturerSlug);
    return out;
}

std::vector<NetboxRole> NetboxCluster::roles() const
{
    std::vector<NetboxRole> out = compute_->roles();
    auto add = [&](const NetboxRole& r) {
        if (std::none_of(out.begin(), out.end(), [&](const NetboxRole& o) { return o.slug == r.slug; })) out.push_back(r);
    };
    for (const auto& n : networks_) {
        const Plan& p = n->plan(cluster_);
        for (DeviceId id = p.fabric.nodeCount; id < p.fabric.devices.size(); ++id) add(n->model->roleOf(id));
        for (const EndpointRun& r : n->runs)
            if (!r.onComputeNode) add(kEndpointRole);
    }
    return out;
}

std::vector<NetboxModel::Location> NetboxCluster::locations() const
{
    std::vector<NetboxModel::Location> out = compute_->locations();
    for (const auto& n : networks_)
        for (const NetboxModel::Location& l : n->model->locations())
            if (std::none_of(out.begin(), out.end(), [&](const auto& o) { return o.slug == l.slug; })) out.push_back(l);
    return out;
}

std::vector<NetboxModel::RackRow> NetboxCluster::racks() const
{
    // The compute fabric's racks, then those the other networks added to the floor and use, once each.
    std::vector<NetboxModel::RackRow> out = compute_->racks();
    std::set<std::string> listed;
    for (const NetboxModel::RackRow& r : out) listed.insert(r.name);
    for (const auto& n : networks_)
        for (const NetboxModel::RackRow& r : n->model->racks())
            if (n->racks.count(r.name) && listed.insert(r.name).second) out.push_back({n->rackName(r.name), r.location});
    return out;
}

std::size_t NetboxCluster::deviceCount() const
{
    std::size_t count = cluster_.compute().fabric.devices.size();
    for (const auto& n : networks_) {
        const Plan& p = n->plan(cluster_);
        count += p.fabric.devices.size() - p.fabric.nodeCount;
        for (const EndpointRun& r : n->runs)
            if (!r.onComputeNode) count += std::size_t(r.members);
    }
    return count;
}

void NetboxCluster::forEachDevice(const std::function<void(const std::vector<std::string>&)>& emit) const
{
    const Plan& computePlan = cluster_.compute();
    const std::string& site = compute_->site();
    for (DeviceId id = 0; id < computePlan.fabric.devices.size(); ++id) emit(netboxDeviceRecord(*compute_, computePlan, id));
    for (const auto& n : networks_) {
        const Plan& p = n->plan(cluster_);
        const std::string& network = cluster_.networks[n->index].name;
        for (DeviceId id = p.fabric.nodeCount; id < p.fabric.devices.size(); ++id) {
            const NetboxDeviceType& t = types_.at(n->switchType.at(n->model->typeIndexOf(id)));
            const NetboxDevicePlacement& place = n->model->placement(id);
            emit({n->switchName(*compute_, p, id), n->model->roleOf(id).name, t.manufacturer, t.model, "planned", site,
                  place.location, n->rackName(place.rack), place.position ? std::to_string(place.position) : std::string(),
                  place.position ? "front" : "", deviceDescription(p.fabric.devices[id]) + " (" + network + " network)"});
        }
        for (const EndpointRun& r : n->runs) {
            if (r.onComputeNode) continue;
            const NetboxDeviceType& t = types_.at(r.type);
            for (long long m = 0; m < r.members; ++m) {
                std::string number = std::to_string(m + 1);
                number.insert(0, std::size_t(std::max(0, r.digits - int(number.size()))), '0');
                const bool placed = r.firstPort + m * r.portsEach < p.fabric.nodeCount;
                const NetboxDevicePlacement none;
                const NetboxDevicePlacement& place = placed ? n->placementOf(r, m) : none;
                emit({r.deviceStem + number, kEndpointRole.name, t.manufacturer, t.model, "planned", site, place.location,
                      n->rackName(place.rack), "", "",
                      r.group + " " + std::to_string(m + 1) + " (" + network + " network)"});
            }
        }
    }
}

void NetboxCluster::forEachCable(double from, double to,
                                 const std::function<void(const std::vector<std::string>&)>& emit) const
{
    const double step = (to - from) / double(cluster_.networks.size());
    const Plan& computePlan = cluster_.compute();
    // The compute fabric's cables as a compute-only bundle writes them, with the network named in the label
    // and the description as on the printed labels (labels_exporter.cpp).
    const std::string computeTag = networkTag(cluster_.networks.front().name, 0);
    streamCables(ctx_, from, from + step, [&](const CableRow& c) {
        for (auto& record : netboxCableRecords(*compute_, computePlan, c)) {
            record[10] = computeTag + " " + record[10];
            record[13] = cluster_.networks.front().name + ": " + record[13];
            emit(record);
        }
    });
    const std::string& site = compute_->site();
    for (std::size_t k = 0; k < networks_.size(); ++k) {
        const Network& n = *networks_[k];
        const Plan& p = n.plan(cluster_);
        const std::string& network = cluster_.networks[n.index].name;
        // One end of a leg as NetBox names it: (device, interface).
        const auto end = [&](DeviceId id, const std::string& port) -> std::pair<std::string, std::string> {
            if (p.fabric.devices.at(id).tier != Tier::Node)
                return {n.switchName(*compute_, p, id), n.model->interfaceName(id, port)};
            const EndpointRun& r = n.runOf((long long)id);
            const long long offset = (long long)id - r.firstPort;
            const long long member = offset / r.portsEach;
            const int portOfMember = int(offset % r.portsEach);
            if (r.onComputeNode)
                return {compute_->deviceName(DeviceId(member)),
                        n.tag + std::to_string(r.interfaceOffset + portOfMember + 1)};
            std::string number = std::to_string(member + 1);
            number.insert(0, std::size_t(std::max(0, r.digits - int(number.size()))), '0');
            return {r.deviceStem + number, "port" + std::to_string(portOfMember + 1)};
        };
        const ExportContext netCtx{p, ctx_.catalog, nullptr, ctx_.progress, ctx_.options};
        const double start = from + step * double(k + 1);
        streamCables(netCtx, start, start + step, [&](const CableRow& c) {
            std::string description = network + ": " + c.cablePart;
            if (!c.aModule.empty() || !c.zModule.empty()) description += " (modules " + c.aModule + " / " + c.zModule + ")";
            const auto record = [&](const CableLeg& leg, const std::string& label) {
                const Link& l = p.fabric.links.at(leg.link);
                const DeviceId aId = p.fabric.deviceName(l.a) == leg.aDevice ? l.a : l.b;
                const DeviceId zId = aId == l.a ? l.b : l.a;
                const auto [aName, aIf] = end(aId, leg.aPort);
                const auto [zName, zIf] = end(zId, leg.zPort);
                emit({site, aName, "dcim.interface", aIf, site, zName, "dcim.interface", zIf,
                      netboxCableType(c.media, p.spec), "planned", label, formatNumber(c.lengthM, 2), "m", description});
            };
            const std::string id = n.tag + " " + cableId(c.index);
            if (c.legs.size() <= 1) return record(c.legs.empty() ? CableLeg{} : c.legs.front(), id);
            for (std::size_t leg = 0; leg < c.legs.size(); ++leg) record(c.legs[leg], id + "/" + std::to_string(leg + 1));
        });
    }
}

} // namespace fp::io
