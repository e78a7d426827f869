#include "bench/weenie_corpus.h"

#include <QDir>
#include <QFile>
#include <array>
#include <functional>
#include <random>
#include <stdexcept>
#include <string>

namespace portalkit::bench {
namespace {

// Words names are made of; a corpus of 30,000 repeats many names, as ACE's does ("Drudge
// Skulker" is several weenies).
constexpr std::array kAdjectives{
    "Ancient", "Blighted", "Copper",  "Dread",  "Elder",  "Feral", "Gilded",   "Hollow",
    "Iron",    "Jade",     "Knotted", "Lesser", "Molten", "Noble", "Obsidian", "Pale",
    "Quiet",   "Royal",    "Sickly",  "Tusked", "Umbral", "Vile",  "Withered", "Young",
    "Azure",   "Burning",  "Crystal", "Dusky",  "Eerie",  "Frost", "Grim",     "Hallowed"};
constexpr std::array kNouns{
    "Drudge",    "Mosswart",    "Banderling", "Olthoi",    "Tusker",   "Golem",  "Wisp",
    "Shadow",    "Lugian",      "Mattekar",   "Reedshark", "Skeleton", "Zombie", "Virindi",
    "Gromnie",   "Armoredillo", "Bolt",       "Arrow",     "Quarrel",  "Blade",  "Robe",
    "Tunic",     "Gauntlets",   "Helm",       "Shield",    "Staff",    "Wand",   "Orb",
    "Scroll",    "Key",         "Gem",        "Potion",    "Door",     "Chest",  "Portal",
    "Lifestone", "Sign",        "Banner",     "Statue",    "Fountain"};
constexpr std::array kPlaces{"",
                             "",
                             "",
                             "",
                             " of Cragstone",
                             " of the Deep",
                             " of Holtburg",
                             " of Ayan Baqur",
                             " of Frost",
                             " of Flame",
                             " of the Hive",
                             " of Light",
                             " of Shoushi",
                             " of Yaraq"};

// A weenie's kind: its WeenieType, the folder ACE files it under, and its share in percent.
struct Kind {
    int type;
    const char* folder;
    int percent;
    bool creature;
};
constexpr std::array kKinds{
    Kind{10, "Creature", 30, true},       Kind{1, "Generic", 15, false},
    Kind{2, "Clothing", 15, false},       Kind{6, "MeleeWeapon", 8, false},
    Kind{3, "MissileLauncher", 4, false}, Kind{33, "ProjectileSpell", 4, false},
    Kind{19, "Door", 4, false},           Kind{7, "Portal", 4, false},
    Kind{21, "Container", 6, false},      Kind{39, "Scroll", 10, false},
};

using Rng = std::mt19937_64;

int pick(Rng& rng, int low, int high) {
    return std::uniform_int_distribution<int>(low, high)(rng);
}

// One INSERT of `rows` rows into `table` with `columns`, ACE's layout: the column list, VALUES
// on the next line, then one row a line behind a comma, each with a comment.
void insert(std::string& sql, const char* table, const char* columns, int rows,
            const std::function<std::string(int)>& row) {
    if (rows <= 0)
        return;
    sql += "\nINSERT INTO `";
    sql += table;
    sql += "` (";
    sql += columns;
    sql += ")\nVALUES ";
    for (int i = 0; i < rows; ++i) {
        if (i > 0)
            sql += "\n     , ";
        sql += row(i);
    }
    sql += ";\n";
}

std::string number(std::int64_t value) {
    return std::to_string(value);
}

struct Written {
    std::string sql;
    QString name;
    std::uint32_t setup = 0;
    int dids = 0;
};

void creatureTables(std::string& sql, const std::string& id, Rng& rng) {
    insert(sql, "weenie_properties_attribute",
           "`object_Id`, `type`, `init_Level`, `level_From_C_P`, `c_P_Spent`", 6, [&](int i) {
               return "(" + id + ", " + number(i + 1) + ", " + number(pick(rng, 10, 300)) +
                      ", 0, 0) /* Attribute */";
           });
    insert(sql, "weenie_properties_attribute_2nd",
           "`object_Id`, `type`, `init_Level`, `level_From_C_P`, `c_P_Spent`, `current_Level`", 3,
           [&](int i) {
               const std::string level = number(pick(rng, 5, 5000));
               return "(" + id + ", " + number(i * 2 + 1) + ", " + level + ", 0, 0, " + level +
                      ") /* Vital */";
           });
    insert(sql, "weenie_properties_body_part",
           "`object_Id`, `key`, `d_Type`, `d_Val`, `d_Var`, `base_Armor`, `armor_Vs_Slash`, "
           "`armor_Vs_Pierce`, `armor_Vs_Bludgeon`, `armor_Vs_Cold`, `armor_Vs_Fire`, "
           "`armor_Vs_Acid`, `armor_Vs_Electric`, `armor_Vs_Nether`, `b_h`, `h_l_f`, `m_l_f`, "
           "`l_l_f`, `h_r_f`, `m_r_f`, `l_r_f`, `h_l_b`, `m_l_b`, `l_l_b`, `h_r_b`, `m_r_b`, "
           "`l_r_b`",
           pick(rng, 4, 9), [&](int i) {
               std::string row = "(" + id + ", " + number(i) + ", " + number(pick(rng, 1, 64)) +
                                 ", " + number(pick(rng, 0, 80)) + ", 0.75";
               for (int a = 0; a < 9; ++a)
                   row += ", " + number(pick(rng, 0, 400));
               row += ", 1";
               for (int f = 0; f < 12; ++f)
                   row += ", " + number(pick(rng, 0, 100)) + ".0" + number(pick(rng, 0, 9));
               return row + ") /* Body part */";
           });
    insert(sql, "weenie_properties_skill",
           "`object_Id`, `type`, `level_From_P_P`, `s_a_c`, `p_p`, `init_Level`, `resistance_At_"
           "Last_Check`, `last_Used_Time`",
           pick(rng, 2, 8), [&](int i) {
               return "(" + id + ", " + number(6 + i * 3) + ", 0, 3, 0, " +
                      number(pick(rng, 10, 500)) + ", 0, 0) /* Skill */";
           });
    const int emotes = pick(rng, 0, 4);
    for (int e = 0; e < emotes; ++e) {
        insert(sql, "weenie_properties_emote",
               "`object_Id`, `category`, `probability`, `weenie_Class_Id`, `style`, `substyle`, "
               "`quest`, `vendor_Type`, `min_Health`, `max_Health`",
               1, [&](int) {
                   return "(" + id + ", " + number(pick(rng, 1, 30)) +
                          ", 1, NULL, NULL, NULL, NULL, NULL, NULL, NULL) /* Emote */";
               });
        sql += "\nSET @parent_id = LAST_INSERT_ID();\n";
        insert(sql, "weenie_properties_emote_action",
               "`emote_Id`, `order`, `type`, `delay`, `extent`, `motion`, `message`, "
               "`test_String`, `min`, `max`, `stat`, `display`, `amount`, `percent`, `spell_Id`, "
               "`wealth_Rating`, `treasure_Class`, `treasure_Type`",
               pick(rng, 1, 6), [&](int order) {
                   return "(@parent_id, " + number(order) + ", " + number(pick(rng, 1, 120)) +
                          ", 0, 1, NULL, 'You''ve done well; \\\"take\\\" this -- and go.', "
                          "NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL) "
                          "/* Tell */";
               });
    }
    insert(sql, "weenie_properties_create_list",
           "`object_Id`, `destination_Type`, `weenie_Class_Id`, `stack_Size`, `palette`, "
           "`shade`, `try_To_Bond`",
           pick(rng, 0, 6), [&](int) {
               return "(" + id + ", 2, " + number(pick(rng, 1, 50000)) +
                      ", 1, 0, 0, False) /* Create item for Wield */";
           });
    insert(sql, "weenie_properties_spell_book", "`object_Id`, `spell`, `probability`",
           pick(rng, 0, 10), [&](int) {
               return "(" + id + ", " + number(pick(rng, 1, 6000)) + ", 2.0" +
                      number(pick(rng, 0, 9)) + ")  /* Spell */";
           });
}

Written weenie(std::uint32_t wcid, const Kind& kind, Rng& rng) {
    Written out;
    const std::string id = number(wcid);
    const std::string name = std::string(kAdjectives[std::size_t(pick(rng, 0, 31))]) + " " +
                             kNouns[std::size_t(pick(rng, 0, int(kNouns.size()) - 1))] +
                             kPlaces[std::size_t(pick(rng, 0, int(kPlaces.size()) - 1))];
    out.name = QString::fromStdString(name);
    std::string className;
    for (char c : name)
        if (c != ' ')
            className += char(std::tolower(static_cast<unsigned char>(c)));
    std::string& sql = out.sql;
    sql = "DELETE FROM `weenie` WHERE `class_Id` = " + id + ";\n";
    sql += "\nINSERT INTO `weenie` (`class_Id`, `class_Name`, `type`, `last_Modified`)\nVALUES (" +
           id + ", '" + className + id + "', " + number(kind.type) +
           ", '2019-02-10 00:00:00') /* " + kind.folder + " */;\n";
    insert(sql, "weenie_properties_int", "`object_Id`, `type`, `value`", pick(rng, 5, 25),
           [&](int i) {
               return "(" + id + ", " + number(i * 7 + 1) + ", " + number(pick(rng, -5, 100000)) +
                      ") /* Int */";
           });
    insert(sql, "weenie_properties_bool", "`object_Id`, `type`, `value`", pick(rng, 2, 8),
           [&](int i) {
               return "(" + id + ", " + number(i * 3 + 1) + ", " +
                      (pick(rng, 0, 1) ? "True " : "False") + ") /* Bool */";
           });
    insert(sql, "weenie_properties_float", "`object_Id`, `type`, `value`", pick(rng, 3, 15),
           [&](int i) {
               return "(" + id + ", " + number(i * 2 + 1) + ", " + number(pick(rng, 0, 99)) + "." +
                      number(pick(rng, 0, 999)) + ") /* Float */";
           });
    // Name, then a use text and a description with escapes, as many ACE files have.
    std::string escaped = name;
    for (std::size_t at = escaped.find('\''); at != std::string::npos;
         at = escaped.find('\'', at + 2))
        escaped.insert(at, 1, '\'');
    insert(sql, "weenie_properties_string", "`object_Id`, `type`, `value`", pick(rng, 1, 4),
           [&](int i) {
               if (i == 0)
                   return "(" + id + ", 1, '" + escaped + "') /* Name */";
               return "(" + id + ", " + number(14 + i) + ", 'It''s said the \\\"" + escaped +
                      "\\\" came from afar.\\nUse it; or don''t.') /* Text */";
           });
    // DIDs: Setup and SoundTable always, then what the kind has.
    out.setup = 0x02000000u + std::uint32_t(pick(rng, 1, 0xFFFF));
    std::vector<std::pair<int, std::uint32_t>> dids{
        {1, out.setup}, {3, 0x20000000u + std::uint32_t(pick(rng, 1, 200))}};
    if (kind.creature) {
        dids.emplace_back(2, 0x09000000u + std::uint32_t(pick(rng, 1, 400)));
        dids.emplace_back(4, 0x30000000u + std::uint32_t(pick(rng, 1, 60)));
    }
    if (kind.type == 33 || kind.type == 3)
        dids.emplace_back(22, 0x34000000u + std::uint32_t(pick(rng, 1, 150)));
    if (!kind.creature)
        dids.emplace_back(8, 0x06000000u + std::uint32_t(pick(rng, 1, 0xFFFF)));
    if (kind.type == 2) {
        dids.emplace_back(6, 0x04000000u + std::uint32_t(pick(rng, 1, 0xFFF)));
        dids.emplace_back(7, 0x10000000u + std::uint32_t(pick(rng, 1, 0xFFF)));
    }
    out.dids = int(dids.size());
    insert(sql, "weenie_properties_d_i_d", "`object_Id`, `type`, `value`", int(dids.size()),
           [&](int i) {
               return "(" + id + ", " + number(dids[std::size_t(i)].first) + ", " +
                      number(dids[std::size_t(i)].second) + ") /* DID */";
           });
    if (kind.creature)
        creatureTables(sql, id, rng);
    else
        insert(sql, "weenie_properties_palette",
               "`object_Id`, `sub_Palette_Id`, `offset`, `length`", pick(rng, 0, 4), [&](int i) {
                   return "(" + id + ", " + number(0x04000000 + pick(rng, 1, 0xFFF)) + ", " +
                          number(i * 8) + ", 8)";
               });
    return out;
}

const Kind& kindOf(Rng& rng) {
    int slot = pick(rng, 0, 99);
    for (const Kind& kind : kKinds) {
        slot -= kind.percent;
        if (slot < 0)
            return kind;
    }
    return kKinds.front();
}

} // namespace

WeenieCorpus writeWeenieCorpus(const QString& dir, std::uint64_t count, std::uint64_t seed) {
    Rng rng(seed);
    WeenieCorpus corpus;
    std::uint32_t wcid = 0;
    for (const Kind& kind : kKinds)
        if (!QDir().mkpath(dir + "/" + kind.folder))
            throw std::runtime_error("cannot make " + (dir + "/" + kind.folder).toStdString());
    for (std::uint64_t i = 0; i < count; ++i) {
        wcid += std::uint32_t(pick(rng, 1, 3)); // ACE's WCIDs have gaps
        const Kind& kind = kindOf(rng);
        const Written written = weenie(wcid, kind, rng);
        const QString path = QStringLiteral("%1/%2/%3 %4.sql")
                                 .arg(dir, kind.folder)
                                 .arg(wcid, 5, 10, QLatin1Char('0'))
                                 .arg(written.name);
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly) ||
            file.write(written.sql.data(), qint64(written.sql.size())) !=
                qint64(written.sql.size()))
            throw std::runtime_error("cannot write " + path.toStdString());
        corpus.files += 1;
        corpus.bytes += written.sql.size();
        corpus.didProperties += std::uint64_t(written.dids);
        corpus.wcids.push_back(wcid);
        corpus.names.push_back(written.name);
        corpus.setups.push_back(written.setup);
    }
    return corpus;
}

} // namespace portalkit::bench
