# 'minizinc_course_bars.gp' - written by searchlab plot 'results/minizinc_course.csv' --kind bars; edit freely, then run
# in this folder:  gnuplot FILE.gp  (PNG)  or  gnuplot -e "fmt='svg'" FILE.gp  (SVG; 'pdf': PDF)
# the page: 8.50 cm x 10.83 cm, text 8 pt (PNG at 200 dpi)
if (!exists("fmt")) fmt = 'png'
if (fmt eq 'svg') {
    set terminal svg size 241,307 dynamic font 'Sans,8' linewidth 0.5 background rgb 'white'
    set output 'minizinc_course_bars.svg'
} else {
  if (fmt eq 'pdf') {
    set terminal pdfcairo size 8.500cm,10.834cm font 'Sans,8' fontscale 0.75 linewidth 1 background rgb 'white'
    set output 'minizinc_course_bars.pdf'
  } else {
    if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {
        set terminal pngcairo size 669,853 font 'Sans,8' fontscale 2.0833 linewidth 2.7778 background rgb 'white'
    } else {
        set terminal png size 669,853
    }
    set output 'minizinc_course_bars.png'
  }
}
set termoption noenhanced
set datafile separator '\t'
set datafile missing '?'
set grid lc rgb '#dddddd'
set key below left vertical Left reverse noautotitle maxcols 1 samplen 2 spacing 1
set linetype 1 lc rgb '#0072b2' lw 1.5 pt 7 ps 0.6
set linetype 2 lc rgb '#d55e00' lw 1.5 pt 5 ps 0.6
set linetype 3 lc rgb '#009e73' lw 1.5 pt 9 ps 0.7
set linetype 4 lc rgb '#cc79a7' lw 1.5 pt 11 ps 0.7
set linetype 5 lc rgb '#e69f00' lw 1.5 pt 13 ps 0.7
set linetype 6 lc rgb '#56b4e9' lw 1.5 pt 4 ps 0.6
set linetype 7 lc rgb '#000000' lw 1.5 pt 6 ps 0.6
set linetype 8 lc rgb '#999999' lw 1.5 pt 8 ps 0.7
set linetype 9 lc rgb '#8c564b' lw 1.5 pt 12 ps 0.7
set linetype cycle 9
dat = 'minizinc_course_bars.dat'
# per instance and strategy, the median run; hatched: not solved, drawn at the time
# limit (time) or at the most nodes its runs reached (nodes)
set multiplot title 'Nodes and CPU time per instance (median run)'
set style fill solid 0.85 noborder
set boxwidth 0.200000 absolute
set logscale y
unset key
set lmargin 11
set rmargin 2
set tmargin 0.5
set xrange [-0.6:7.6]
set xtics ('' 0, '' 1, '' 2, '' 3, '' 4)
set origin 0, 0.658497
set size 1, 0.276895
set yrange [1.000000000:*]
set format y '%.0s%c'
set xtics norotate nomirror
set bmargin 0.5
set ylabel 'nodes'
unset arrow 1
unset label 1
plot \
    dat index 0 using 1:($4 > 0 ? $2 : 1/0) with boxes lt 1 fs solid 0.85 notitle, \
    dat index 0 using 1:($4 > 0 ? 1/0 : $2) with boxes lt 1 fs pattern 4 border notitle, \
    dat index 1 using 1:($4 > 0 ? $2 : 1/0) with boxes lt 2 fs solid 0.85 notitle, \
    dat index 1 using 1:($4 > 0 ? 1/0 : $2) with boxes lt 2 fs pattern 4 border notitle, \
    dat index 2 using 1:($4 > 0 ? $2 : 1/0) with boxes lt 3 fs solid 0.85 notitle, \
    dat index 2 using 1:($4 > 0 ? 1/0 : $2) with boxes lt 3 fs pattern 4 border notitle, \
    dat index 3 using 1:($4 > 0 ? $2 : 1/0) with boxes lt 4 fs solid 0.85 notitle, \
    dat index 3 using 1:($4 > 0 ? 1/0 : $2) with boxes lt 4 fs pattern 4 border notitle
set xtics ('futoshiki-case1-de3f26f0' 0, 'futoshiki-case2-5d1258fb' 1, 'futoshiki-case3-59654bf5' 2, 'futoshiki-case4-f90a1925' 3, 'futoshiki-case5-a9d6d728' 4)
set origin 0, 0.215465
set size 1, 0.443031
set yrange [0.000010000:60.000000000]
set format y '%.0s %cs'
set xtics rotate by 30 right nomirror
set bmargin
set ylabel 'time'
set arrow 1 from graph 0, first 30.000000000 to graph 1, first 30.000000000 nohead lc rgb '#555555' dt 2 lw 1.5 front
set label 1 'time limit (30 s)' at graph 0.99, first 30.000000000 right offset 0, -0.7 textcolor rgb '#555555' front
plot \
    dat index 0 using 1:($4 > 0 ? $3 : 1/0) with boxes lt 1 fs solid 0.85 notitle, \
    dat index 0 using 1:($4 > 0 ? 1/0 : $3) with boxes lt 1 fs pattern 4 border notitle, \
    dat index 1 using 1:($4 > 0 ? $3 : 1/0) with boxes lt 2 fs solid 0.85 notitle, \
    dat index 1 using 1:($4 > 0 ? 1/0 : $3) with boxes lt 2 fs pattern 4 border notitle, \
    dat index 2 using 1:($4 > 0 ? $3 : 1/0) with boxes lt 3 fs solid 0.85 notitle, \
    dat index 2 using 1:($4 > 0 ? 1/0 : $3) with boxes lt 3 fs pattern 4 border notitle, \
    dat index 3 using 1:($4 > 0 ? $3 : 1/0) with boxes lt 4 fs solid 0.85 notitle, \
    dat index 3 using 1:($4 > 0 ? 1/0 : $3) with boxes lt 4 fs pattern 4 border notitle
unset arrow 1
unset label 1
unset title
unset border
unset tics
unset xlabel
unset ylabel
unset logscale
unset grid
set xrange [0:1]
set yrange [0:1]
set origin 0, 0
set size 1, 0.215465
set lmargin 0
set rmargin 0
set tmargin 0
set bmargin 0
set key inside left top Left reverse maxcols 1
plot \
    NaN with boxes lt 1 fs solid 0.85 title 'bt', \
    NaN with boxes lt 2 fs solid 0.85 title 'fc', \
    NaN with boxes lt 3 fs solid 0.85 title 'gac', \
    NaN with boxes lt 4 fs solid 0.85 title 'gecode'
unset multiplot
